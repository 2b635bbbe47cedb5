import { describe, expect, it } from "vitest";
import {
  buildPixCopyPaste,
  crc16CcittFalse,
  decodePixFields,
  parsePixCopyPaste,
  PixCodeError,
  pixKeyTypeOf,
  pixTxid,
  plainPixText,
  plainPixTextUpTo,
} from "./br-code";

/**
 * Published payloads, copied character for character (none of these
 * libraries is a dependency: they are only the yardstick).
 */
const PUBLISHED = {
  /**
   * Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix"
   * (Regulamento Pix, Anexo II), the static BR Code example: random key
   * 123e4567-e12b-12d1-a456-426655440000, "Fulano de Tal", BRASILIA, no
   * amount, txid "***", CRC 1D3D.
   */
  bcbManual:
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
  /**
   * npm `pix-utils` (github.com/thalesog/pix-utils), src/__tests__/parser.test.ts
   * STATIC_TEST_EMV, built in creator.test.ts from key thalesog@me.com,
   * "Thales Ogliari", city SC, infoAdicional "Pedido 123", amount 10, txid "".
   */
  pixUtilsStatic:
    "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914Thales Ogliari6002SC62070503***6304E5AB",
  /** pix-utils, same file: STATIC_TEST_EMV_NUBANK, a code issued by Nubank's app (with field 61, the CEP). */
  pixUtilsNubank:
    "00020126580014BR.GOV.BCB.PIX0119nubank@thalesog.com0213PIX de Testes52040000530398654041.005802BR5914Thales Ogliari6009SAO PAULO61080540900062070503***6304581E",
  /**
   * npm `qrcode-pix` (github.com/joseviniciusnunes/qrcode-pix),
   * __tests__/QrCode.test.ts "03 - Basic - Value": key test@mail.com.br,
   * "Fulano de Tal", SAO PAULO, 100.99 (with field 01, which our codes leave out).
   */
  qrcodePixValue:
    "00020101021126380014BR.GOV.BCB.PIX0116test@mail.com.br5204000053039865406100.995802BR5913Fulano de Tal6009SAO PAULO6304442D",
  /** qrcode-pix, same file, "06 - Basic - guid": txid my_guid in field 62. */
  qrcodePixGuid:
    "00020101021126380014BR.GOV.BCB.PIX0116test@mail.com.br5204000053039865802BR5913Fulano de Tal6009SAO PAULO62110507my_guid63045CAB",
} as const;

const SHOP = { key: "pix@consertaja.com.br", merchantName: "Conserta Já", merchantCity: "São Paulo" };

function refusalOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof PixCodeError) return error.fieldErrors;
    throw error;
  }
  throw new Error("foi aceito");
}

describe("buildPixCopyPaste against published payloads", () => {
  it("gives the Banco Central manual's example, CRC 1D3D included", () => {
    expect(
      buildPixCopyPaste({
        key: "123e4567-e12b-12d1-a456-426655440000",
        merchantName: "Fulano de Tal",
        merchantCity: "BRASILIA",
        amountCents: 0,
        txid: "",
      }),
    ).toBe(PUBLISHED.bcbManual);
  });

  it("gives pix-utils' static code (description in 26/02, amount 10.00)", () => {
    expect(
      buildPixCopyPaste({
        key: "thalesog@me.com",
        merchantName: "Thales Ogliari",
        merchantCity: "SC",
        amountCents: 1000,
        txid: "",
        description: "Pedido 123",
      }),
    ).toBe(PUBLISHED.pixUtilsStatic);
  });

  it("computes the CRC16-CCITT-FALSE check value and the manual's CRC", () => {
    // The catalogue check value of CRC-16/CCITT-FALSE (a.k.a. CRC-16/IBM-3740) over "123456789".
    expect(crc16CcittFalse("123456789")).toBe("29B1");
    expect(crc16CcittFalse(PUBLISHED.bcbManual.slice(0, -4))).toBe("1D3D");
    // Four digits always: a CRC below 0x1000 keeps its leading zero.
    expect(crc16CcittFalse("")).toBe("FFFF");
    expect(crc16CcittFalse("A")).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe("parsePixCopyPaste", () => {
  it.each(Object.entries(PUBLISHED))("reads %s back and accepts its CRC", (_, code) => {
    const parsed = parsePixCopyPaste(code);
    expect(parsed.crc).toBe(code.slice(-4));
    expect(parsed.fields.at(-1)).toEqual({ id: "63", value: code.slice(-4) });
  });

  it("reads each part of the published codes", () => {
    expect(parsePixCopyPaste(PUBLISHED.bcbManual)).toMatchObject({
      key: "123e4567-e12b-12d1-a456-426655440000",
      description: null,
      amountCents: null,
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      txid: "***",
    });
    expect(parsePixCopyPaste(PUBLISHED.pixUtilsNubank)).toMatchObject({
      key: "nubank@thalesog.com",
      description: "PIX de Testes",
      amountCents: 100,
      merchantCity: "SAO PAULO",
    });
    expect(parsePixCopyPaste(PUBLISHED.qrcodePixValue).amountCents).toBe(10099);
    expect(parsePixCopyPaste(PUBLISHED.qrcodePixGuid).txid).toBe("my_guid");
  });

  it("refuses a code whose CRC does not match, a cut code and a text that is not one", () => {
    const changed = PUBLISHED.bcbManual.replace("Fulano", "Fulana");
    expect(refusalOf(() => parsePixCopyPaste(changed))).toEqual({
      code: "Código PIX com erro de verificação: copie o código de novo.",
    });
    expect(refusalOf(() => parsePixCopyPaste(PUBLISHED.bcbManual.slice(0, -2)))).toEqual({
      code: "Código PIX incompleto: copie o código inteiro.",
    });
    expect(refusalOf(() => parsePixCopyPaste("olá, mundo"))).toEqual({
      code: "Código PIX inválido: o texto não segue o padrão do BR Code.",
    });
    // qrcode-pix's own "07 - Basic - message" expectation ends in "6304A2D": a CRC that lost its leading zero.
    expect(
      refusalOf(() =>
        parsePixCopyPaste(
          "00020101021126580014BR.GOV.BCB.PIX0116test@mail.com.br0216is my message :)5204000053039865802BR5913Fulano de Tal6009SAO PAULO6304A2D",
        ),
      ),
    ).toEqual({ code: "Código PIX incompleto: copie o código inteiro." });
  });
});

describe("buildPixCopyPaste: fields, lengths and limits", () => {
  const code = buildPixCopyPaste({ ...SHOP, amountCents: 12345, txid: "VENDA-000123", description: "Venda 123" });

  it("writes the fields in the manual's order, each with its two-digit length", () => {
    const fields = decodePixFields(code);
    expect(fields.map((entry) => entry.id)).toEqual(["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
    expect(Object.fromEntries(fields.map((entry) => [entry.id, entry.value]))).toEqual({
      "00": "01",
      "26": "0014br.gov.bcb.pix0121pix@consertaja.com.br0209Venda 123",
      "52": "0000",
      "53": "986",
      "54": "123.45",
      "58": "BR",
      "59": "Conserta Ja",
      "60": "Sao Paulo",
      "62": "0511VENDA000123",
      "63": code.slice(-4),
    });
    expect(code).toContain("6304");
    expect(code.slice(-8, -4)).toBe("6304");
    expect(parsePixCopyPaste(code).crc).toBe(crc16CcittFalse(code.slice(0, -4)));
  });

  it.each([
    [1, "0.01"],
    [100, "1.00"],
    [1000, "10.00"],
    [199_99, "199.99"],
    [1_234_567_89, "1234567.89"],
  ])("writes %i centavos as %s", (cents, text) => {
    expect(parsePixCopyPaste(buildPixCopyPaste({ ...SHOP, amountCents: cents, txid: "" })).fields).toContainEqual({
      id: "54",
      value: text,
    });
  });

  it("leaves the amount out when it is zero (the payer types it)", () => {
    const zero = buildPixCopyPaste({ ...SHOP, amountCents: 0, txid: "" });
    expect(decodePixFields(zero).map((entry) => entry.id)).not.toContain("54");
  });

  it('cuts the receiver\'s name and city at a word, never mid-word (issue 23: "Conserta Ja Assistencia T")', () => {
    const parsed = parsePixCopyPaste(
      buildPixCopyPaste({
        key: SHOP.key,
        merchantName: "Conserta Já Assistência Técnica Ltda.",
        merchantCity: "São João del-Rei",
        amountCents: 100,
        txid: "",
      }),
    );
    expect(parsed.merchantName).toBe("Conserta Ja Assistencia");
    expect(parsed.merchantCity).toBe("Sao Joao");
    // A cut that falls exactly between two words keeps the whole of the first part.
    expect(plainPixTextUpTo("Conserta Já Assistência Técnica", 23)).toBe("Conserta Ja Assistencia");
    // A single word longer than the limit is all there is: it is cut inside.
    expect(plainPixTextUpTo("Supercalifragilistico", 15)).toBe("Supercalifragil");
    expect(plainPixTextUpTo("Loja", 25)).toBe("Loja");
  });

  it("takes accents off the name and city and keeps them within 25 and 15 characters", () => {
    const parsed = parsePixCopyPaste(
      buildPixCopyPaste({
        key: SHOP.key,
        merchantName: "Assistência Técnica Conceição & Filhos Ltda.",
        merchantCity: "São João del-Rei (MG)",
        amountCents: 100,
        txid: "",
      }),
    );
    expect(parsed.merchantName).toBe("Assistencia Tecnica");
    expect(parsed.merchantCity).toBe("Sao Joao");
    expect(plainPixText("  Açaí  da Praça — nº 1  ")).toBe("Acai da Praca n 1");
    expect(plainPixText("ÀÉÎÕÜ ç Ñ")).toBe("AEIOU c N");
  });

  it("keeps field 26 within 99 characters: a 77-character e-mail fills it and the description gives way", () => {
    const longEmail = `${"a".repeat(63)}@consertaja.br`; // 77 characters, the longest e-mail key the DICT takes
    expect(longEmail).toHaveLength(77);
    const parsed = parsePixCopyPaste(
      buildPixCopyPaste({ ...SHOP, key: longEmail, amountCents: 100, txid: "", description: "Venda 123" }),
    );
    const account = parsed.fields.find((entry) => entry.id === "26")!.value;
    expect(account).toHaveLength(99);
    expect(parsed.key).toBe(longEmail);
    expect(parsed.description).toBeNull();

    // Room for part of it: cut to what fits, never past 99.
    const shorter = `${"a".repeat(49)}@consertaja.br`; // 26 = 18 + 67 + 4 + 10
    const withPart = parsePixCopyPaste(
      buildPixCopyPaste({ ...SHOP, key: shorter, amountCents: 100, txid: "", description: "Venda número 123 do balcão" }),
    );
    expect(withPart.fields.find((entry) => entry.id === "26")!.value).toHaveLength(99);
    expect(withPart.description).toBe("Venda nume");
  });

  it("keeps only letters and digits of the txid, at most 25, and writes *** when none is left", () => {
    expect(pixTxid("Venda nº 123/2026 — balcão")).toBe("Vendan1232026balcao");
    expect(pixTxid("A".repeat(30))).toBe("A".repeat(25));
    expect(pixTxid("")).toBe("***");
    expect(pixTxid(" -/- ")).toBe("***");
    const parsed = parsePixCopyPaste(buildPixCopyPaste({ ...SHOP, amountCents: 100, txid: "ção-42" }));
    expect(parsed.txid).toBe("cao42");
  });

  it("puts each kind of stored key in the code as the DICT holds it", () => {
    const keys = {
      cpf: "52998224725",
      cnpj: "11222333000181",
      email: "pix@consertaja.com.br",
      phone: "+5511987654321",
      random: "123e4567-e89b-12d3-a456-426614174000",
    } as const;
    for (const [type, key] of Object.entries(keys)) {
      expect(pixKeyTypeOf(key)).toBe(type);
      expect(parsePixCopyPaste(buildPixCopyPaste({ ...SHOP, key, amountCents: 100, txid: "" })).key).toBe(key);
    }
  });
});

describe("buildPixCopyPaste refuses what would send the payer nowhere", () => {
  it.each([
    ["a CPF with a wrong check digit", "52998224726", "Chave PIX inválida: CPF inválido: confira os 11 números da chave."],
    ["a CPF with punctuation (not as stored)", "529.982.247-25", "Chave PIX inválida: cadastre-a de novo em Configurações."],
    [
      "a CNPJ with a wrong check digit",
      "11222333000182",
      "Chave PIX inválida: CNPJ inválido: confira os 14 caracteres da chave.",
    ],
    [
      "a phone without 9 after the area code",
      "+551133334444",
      "Chave PIX inválida: Informe o celular com DDD, como +55 11 98765-4321.",
    ],
    [
      "an e-mail in capitals",
      "PIX@ConsertaJa.com.br",
      "Chave PIX fora do padrão do Banco Central: salve-a de novo em Configurações.",
    ],
    [
      "an e-mail over 77 characters",
      `${"a".repeat(70)}@consertaja.br`,
      "Chave PIX inválida: Informe um e-mail válido (até 77 caracteres), como pix@sualoja.com.br.",
    ],
    [
      "a random key in capitals",
      "123E4567-E89B-12D3-A456-426614174000",
      "Chave PIX inválida: cadastre-a de novo em Configurações.",
    ],
    ["nothing", "", "Chave PIX inválida: cadastre-a de novo em Configurações."],
  ])("%s", (_, key, message) => {
    expect(refusalOf(() => buildPixCopyPaste({ ...SHOP, key, amountCents: 100, txid: "" }))).toEqual({ key: message });
  });

  it("checks the key against the type the settings stored", () => {
    expect(
      refusalOf(() => buildPixCopyPaste({ ...SHOP, key: "52998224725", keyType: "phone", amountCents: 100, txid: "" })),
    ).toEqual({ key: "Chave PIX fora do padrão do Banco Central: salve-a de novo em Configurações." });
  });

  it.each([
    [-1, "Valor do PIX inválido: informe um valor em reais, como 10,00."],
    [10.5, "Valor do PIX inválido: informe um valor em reais, como 10,00."],
    [Number.NaN, "Valor do PIX inválido: informe um valor em reais, como 10,00."],
    [1_000_000_000_000, "Valor do PIX acima do permitido."],
  ])("refuses an amount of %s centavos", (amountCents, message) => {
    expect(refusalOf(() => buildPixCopyPaste({ ...SHOP, amountCents, txid: "" }))).toEqual({ amountCents: message });
  });

  it("refuses a name or city with nothing left once cleaned", () => {
    expect(refusalOf(() => buildPixCopyPaste({ ...SHOP, merchantName: " ★ ", amountCents: 100, txid: "" }))).toEqual({
      merchantName: "Informe o nome de quem recebe o PIX (razão social) em Configurações.",
    });
    expect(refusalOf(() => buildPixCopyPaste({ ...SHOP, merchantCity: "", amountCents: 100, txid: "" }))).toEqual({
      merchantCity: "Informe a cidade da loja em Configurações.",
    });
  });
});
