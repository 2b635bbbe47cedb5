import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/forms";
import { InputError } from "~/lib/errors";
import { DEMO_SHOP_SETTINGS } from "./demo-settings";
import {
  normalizePixKey,
  ShopIdentitySchema,
  ShopSettingsSchema,
  shopIdentityFormInput,
  SHOP_SETTINGS_LIMITS,
  shopSettingsFormInput,
  shopSettingsFormValues,
  typedClosureRows,
  withClosureRowAdded,
  withoutClosureRow,
} from "./validation";

const OPEN_DAY = { closed: false, open: "09:00", close: "18:00" };
const CLOSED_DAY = { closed: true, open: "", close: "" };

function identity(overrides: Record<string, unknown> = {}) {
  return {
    name: "Conserta Já",
    legalName: "Conserta Já Comércio e Serviços Ltda.",
    document: "11.222.333/0001-81",
    address: "Rua Augusta, 1500 – Consolação",
    city: "São Paulo",
    state: "sp",
    cep: "01304001",
    whatsapp: "(11) 98765-4321",
    email: "Contato@ConsertaJa.com.br",
    weeklyHours: [CLOSED_DAY, OPEN_DAY, OPEN_DAY, OPEN_DAY, OPEN_DAY, OPEN_DAY, { closed: false, open: "09:00", close: "13:00" }],
    ...overrides,
  };
}

function settings(overrides: Record<string, unknown> = {}) {
  return {
    ...identity(),
    phones: ["(11) 3333-4444", "", ""],
    closures: [
      { date: "2026-12-25", reason: "Natal" },
      { date: "", reason: "" },
      { date: "2026-11-20", reason: "Consciência Negra" },
    ],
    socialLinks: { instagram: "https://instagram.com/consertaja", facebook: "", tiktok: "", youtube: "", linkedin: "" },
    reviewUrl: "https://g.page/r/consertaja/review",
    pix: { type: "cnpj", key: "11.222.333/0001-81" },
    defaultWarrantyDays: "90",
    ...overrides,
  };
}

/** A stored settings row as the form's values read it. */
function storedRow(pixDiscountBasisPoints: number, allowNegativeStock: boolean) {
  return {
    ...DEMO_SHOP_SETTINGS,
    phones: [],
    closures: [],
    socialLinks: {},
    reviewUrl: null,
    pixKey: null,
    pixKeyType: null,
    defaultWarrantyDays: 90,
    pixDiscountBasisPoints,
    allowNegativeStock,
    maxCreditMonthlyRateBasisPoints: 100,
    creditLateFeeBasisPoints: 200,
    creditLateInterestMonthlyBasisPoints: 100,
  };
}

/** The field messages a refused input gets. */
function errorsOf(schema: typeof ShopSettingsSchema | typeof ShopIdentitySchema, input: unknown) {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof InputError) return error.fieldErrors;
    throw error;
  }
  throw new Error("a entrada foi aceita");
}

describe("ShopIdentitySchema", () => {
  it("stores what it accepts the way the site prints it", () => {
    expect(parseInput(ShopIdentitySchema, identity())).toEqual({
      name: "Conserta Já",
      legalName: "Conserta Já Comércio e Serviços Ltda.",
      document: "11.222.333/0001-81",
      address: "Rua Augusta, 1500 – Consolação",
      city: "São Paulo",
      state: "SP",
      cep: "01304-001",
      whatsapp: "11987654321",
      email: "contato@consertaja.com.br",
      weeklyHours: [
        null,
        { open: "09:00", close: "18:00" },
        { open: "09:00", close: "18:00" },
        { open: "09:00", close: "18:00" },
        { open: "09:00", close: "18:00" },
        { open: "09:00", close: "18:00" },
        { open: "09:00", close: "13:00" },
      ],
    });
  });

  it("accepts a CPF (a shop run by one person) and an alphanumeric CNPJ", () => {
    expect(parseInput(ShopIdentitySchema, identity({ document: "52998224725" })).document).toBe("529.982.247-25");
    expect(parseInput(ShopIdentitySchema, identity({ document: "12.abc.345/01de-35" })).document).toBe("12.ABC.345/01DE-35");
  });

  it("accepts the demo settings, so a shop can start from them", () => {
    const demo = DEMO_SHOP_SETTINGS;
    const parsed = parseInput(
      ShopIdentitySchema,
      identity({ document: demo.cnpj, cep: demo.cep, whatsapp: demo.whatsapp, email: demo.email }),
    );
    expect(parsed).toMatchObject({ document: demo.cnpj, cep: demo.cep, whatsapp: demo.whatsapp, email: demo.email });
  });

  it.each([
    ["document", "11.222.333/0001-82", "CNPJ inválido: confira os caracteres digitados."],
    ["document", "529.982.247-26", "CPF inválido: confira os números digitados."],
    ["document", "111.111.111-11", "CPF inválido: confira os números digitados."],
    ["document", "12345", "Informe um CNPJ (14 caracteres) ou um CPF (11 números)."],
    ["document", "", "Informe o CNPJ da empresa ou o CPF do responsável."],
    ["name", "  ", "Informe o nome da loja."],
    ["legalName", "", "Informe a razão social (ou o nome do responsável)."],
    ["address", "", "Informe o endereço (rua, número e bairro)."],
    ["city", "", "Informe a cidade."],
    ["state", "XX", "Escolha o estado."],
    ["cep", "0130400", "Informe o CEP com 8 números, como 01310-100."],
    ["cep", "", "Informe o CEP."],
    // Spec §5: an 11-digit number must have 9 as its third digit; 10 or 11 digits.
    ["whatsapp", "(11) 88765-4321", "Informe o WhatsApp com DDD, como (11) 98765-4321."],
    ["whatsapp", "98765-4321", "Informe o WhatsApp com DDD, como (11) 98765-4321."],
    ["whatsapp", "", "Informe o WhatsApp da loja."],
    ["email", "contato@", "Informe um e-mail válido, como contato@sualoja.com.br."],
    ["email", "", "Informe o e-mail da loja."],
  ])("refuses %s = %j: %s", (field, value, message) => {
    expect(errorsOf(ShopIdentitySchema, identity({ [field]: value }))[field]).toBe(message);
  });

  it("accepts a 10-digit WhatsApp (a landline with WhatsApp Business), as the spec's rule does", () => {
    expect(parseInput(ShopIdentitySchema, identity({ whatsapp: "(11) 3333-4444" })).whatsapp).toBe("1133334444");
  });

  it("checks each weekday: open before close, HH:MM, or closed", () => {
    const hours = identity().weeklyHours.slice();
    hours[1] = { closed: false, open: "18:00", close: "09:00" };
    hours[2] = { closed: false, open: "9h", close: "18:00" };
    hours[3] = { closed: false, open: "09:00", close: "24:00" };
    hours[4] = { closed: false, open: "10:00", close: "10:00" };
    hours[5] = { closed: true, open: "garbage", close: "" };
    const errors = errorsOf(ShopIdentitySchema, identity({ weeklyHours: hours }));
    expect(errors).toEqual({
      "weeklyHours.1.close": "O fechamento deve ser depois da abertura.",
      "weeklyHours.2.open": "Informe a hora de abertura, como 09:00, ou marque fechado.",
      "weeklyHours.3.close": "Informe a hora de fechamento, como 18:00, ou marque fechado.",
      "weeklyHours.4.close": "O fechamento deve ser depois da abertura.",
    });
  });

  it("reads the owner-setup form's fields under their prefix", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(identity())) if (typeof value === "string") form.set(`shop.${key}`, value);
    form.set("shop.weeklyHours.0.closed", "on");
    for (let day = 1; day < 7; day++) {
      form.set(`shop.weeklyHours.${day}.open`, "08:00");
      form.set(`shop.weeklyHours.${day}.close`, "17:30");
    }
    const parsed = parseInput(ShopIdentitySchema, shopIdentityFormInput(form, "shop."));
    expect(parsed.weeklyHours).toEqual([null, ...Array.from({ length: 6 }, () => ({ open: "08:00", close: "17:30" }))]);
    expect(parsed.name).toBe("Conserta Já");
  });
});

describe("ShopSettingsSchema", () => {
  it("keeps what was filled in: phones as digits, closures by date, empty social links left out", () => {
    expect(parseInput(ShopSettingsSchema, settings())).toMatchObject({
      phones: ["1133334444"],
      closures: [
        { date: "2026-11-20", reason: "Consciência Negra" },
        { date: "2026-12-25", reason: "Natal" },
      ],
      socialLinks: { instagram: "https://instagram.com/consertaja" },
      reviewUrl: "https://g.page/r/consertaja/review",
      pixKeyType: "cnpj",
      pixKey: "11222333000181",
      defaultWarrantyDays: 90,
    });
  });

  it("takes empty optional parts as none", () => {
    const parsed = parseInput(
      ShopSettingsSchema,
      settings({ phones: [], closures: [], socialLinks: {}, reviewUrl: "", pix: { type: "", key: "" } }),
    );
    expect(parsed).toMatchObject({ phones: [], closures: [], socialLinks: {}, reviewUrl: null, pixKeyType: null, pixKey: null });
  });

  it("refuses a closure without date or reason and the same date twice, on the row that has it", () => {
    const errors = errorsOf(
      ShopSettingsSchema,
      settings({
        closures: [
          { date: "2026-12-25", reason: "Natal" },
          { date: "2026-12-25", reason: "De novo" },
          { date: "", reason: "Sem data" },
          { date: "2026-02-30", reason: "Dia que não existe" },
          { date: "2027-01-01", reason: "" },
        ],
      }),
    );
    expect(errors).toEqual({
      "closures.1.date": "Esta data já está na lista.",
      "closures.2.date": "Informe a data.",
      "closures.3.date": "Informe a data.",
      "closures.4.reason": "Informe o motivo (ex.: Natal).",
    });
  });

  it.each(["http://instagram.com/loja", "javascript:alert(1)", "instagram.com/loja", "/loja", "https://localhost/x"])(
    "refuses the social link %j (https only)",
    (href) => {
      const errors = errorsOf(ShopSettingsSchema, settings({ socialLinks: { instagram: href } }));
      expect(errors["socialLinks.instagram"]).toBe("Use um endereço completo que comece com https://.");
    },
  );

  it("refuses a review link that is not https", () => {
    expect(errorsOf(ShopSettingsSchema, settings({ reviewUrl: "http://g.page/x" })).reviewUrl).toBe(
      "Use um endereço completo que comece com https://.",
    );
  });

  it("refuses a wrong phone among the others, on its own line", () => {
    expect(errorsOf(ShopSettingsSchema, settings({ phones: ["(11) 3333-4444", "123"] }))["phones.1"]).toBe(
      "Informe o telefone com DDD, como (11) 3333-4444.",
    );
  });

  it.each([
    ["89", "A garantia não pode ser menor que 90 dias (garantia legal, CDC art. 26)."],
    ["0", "A garantia não pode ser menor que 90 dias (garantia legal, CDC art. 26)."],
    ["-90", "Informe a garantia em dias, de 90 a 3650."],
    ["90.5", "Informe a garantia em dias, de 90 a 3650."],
    ["", "Informe a garantia em dias, de 90 a 3650."],
    ["3651", "Informe a garantia em dias, de 90 a 3650."],
  ])("refuses a default warranty of %j days", (days, message) => {
    expect(errorsOf(ShopSettingsSchema, settings({ defaultWarrantyDays: days })).defaultWarrantyDays).toBe(message);
  });

  it("accepts 180 days of warranty", () => {
    expect(parseInput(ShopSettingsSchema, settings({ defaultWarrantyDays: "180" })).defaultWarrantyDays).toBe(180);
  });

  it("asks for the PIX type with a key, and the key with a type", () => {
    expect(errorsOf(ShopSettingsSchema, settings({ pix: { type: "", key: "pix@loja.com.br" } }))["pix.type"]).toBe(
      "Escolha o tipo da chave PIX.",
    );
    expect(errorsOf(ShopSettingsSchema, settings({ pix: { type: "email", key: "" } }))["pix.key"]).toBe(
      "Informe a chave PIX ou deixe o tipo em branco.",
    );
    expect(errorsOf(ShopSettingsSchema, settings({ pix: { type: "boleto", key: "x" } }))["pix.type"]).toBe(
      "Escolha o tipo da chave PIX.",
    );
  });

  it("keeps the PIX discount in basis points and the negative-stock choice", () => {
    expect(parseInput(ShopSettingsSchema, settings({ pixDiscount: "5", allowNegativeStock: "on" }))).toMatchObject({
      pixDiscountBasisPoints: 500,
      allowNegativeStock: true,
    });
    expect(parseInput(ShopSettingsSchema, settings())).toMatchObject({ pixDiscountBasisPoints: 0, allowNegativeStock: false });
    expect(parseInput(ShopSettingsSchema, settings())).not.toHaveProperty("pixDiscount");
  });

  it.each([
    ["", 0],
    ["0", 0],
    ["5", 500],
    ["2,5", 250],
    ["2.25", 225],
    [" 19,99 % ", 1999],
    ["20", 2000],
    ["20,00", 2000],
    ["0,01", 1],
  ])("reads a PIX discount of %j as %i basis points", (typed, basisPoints) => {
    expect(parseInput(ShopSettingsSchema, settings({ pixDiscount: typed })).pixDiscountBasisPoints).toBe(basisPoints);
  });

  it.each([
    ["20,01", "O desconto no PIX pode ser de no máximo 20%."],
    ["100", "O desconto no PIX pode ser de no máximo 20%."],
    ["-5", "Informe o desconto de 0 a 20, com até duas casas decimais, como 5 ou 2,5."],
    ["2,555", "Informe o desconto de 0 a 20, com até duas casas decimais, como 5 ou 2,5."],
    ["cinco", "Informe o desconto de 0 a 20, com até duas casas decimais, como 5 ou 2,5."],
    ["1.000", "Informe o desconto de 0 a 20, com até duas casas decimais, como 5 ou 2,5."],
  ])("refuses a PIX discount of %j", (typed, message) => {
    expect(errorsOf(ShopSettingsSchema, settings({ pixDiscount: typed })).pixDiscount).toBe(message);
  });

  it("reads the crediário's maximum rate, late fee and late interest, blank as the defaults", () => {
    expect(
      parseInput(
        ShopSettingsSchema,
        settings({ maxCreditMonthlyRate: "2,99", creditLateFee: "1,5", creditLateInterest: "0,5%" }),
      ),
    ).toMatchObject({
      maxCreditMonthlyRateBasisPoints: 299,
      creditLateFeeBasisPoints: 150,
      creditLateInterestMonthlyBasisPoints: 50,
    });
    expect(parseInput(ShopSettingsSchema, settings())).toMatchObject({
      maxCreditMonthlyRateBasisPoints: 100,
      creditLateFeeBasisPoints: 200,
      creditLateInterestMonthlyBasisPoints: 100,
    });
    expect(shopSettingsFormValues(storedRow(0, false))).toMatchObject({
      maxCreditMonthlyRate: "1",
      creditLateFee: "2",
      creditLateInterest: "1",
    });
  });

  it.each([
    ["creditLateFee", "2,01", "Informe a multa de 0 a 2% (CDC art. 52, § 1º), com até duas casas decimais."],
    ["maxCreditMonthlyRate", "10,01", "Informe a taxa máxima ao mês de 0 a 10, com até duas casas decimais, como 1 ou 0,99."],
    ["maxCreditMonthlyRate", "-1", "Informe a taxa máxima ao mês de 0 a 10, com até duas casas decimais, como 1 ou 0,99."],
    ["creditLateInterest", "um", "Informe os juros de mora ao mês de 0 a 10, com até duas casas decimais, como 1."],
  ])("refuses a crediário setting %s of %j", (field, typed, message) => {
    expect(errorsOf(ShopSettingsSchema, settings({ [field]: typed }))[field]).toBe(message);
  });

  it("refuses a negative-stock value that is not a checkbox's", () => {
    expect(errorsOf(ShopSettingsSchema, settings({ allowNegativeStock: "sim" })).allowNegativeStock).toBe(
      "Marque ou desmarque a opção.",
    );
  });

  it("shows the stored discount and choice in the form and reads them back", () => {
    const values = shopSettingsFormValues(storedRow(250, true));
    expect(values).toMatchObject({ pixDiscount: "2,5", allowNegativeStock: "on" });
    expect(shopSettingsFormValues(storedRow(0, false))).toMatchObject({ pixDiscount: "0", allowNegativeStock: "" });
    expect(shopSettingsFormValues(storedRow(1999, false))).toMatchObject({ pixDiscount: "19,99" });

    const form = new FormData();
    form.set("pixDiscount", values.pixDiscount!);
    form.set("allowNegativeStock", values.allowNegativeStock!);
    expect(shopSettingsFormInput(form)).toMatchObject({ pixDiscount: "2,5", allowNegativeStock: true });
    // An unticked checkbox is not posted at all.
    expect(shopSettingsFormInput(new FormData())).toMatchObject({ pixDiscount: "", allowNegativeStock: false });
  });

  it("reads every field of the posted form under the input's name", () => {
    const form = new FormData();
    const values = settings();
    for (const field of ["name", "legalName", "document", "address", "city", "state", "cep", "whatsapp", "email"] as const)
      form.set(field, String(values[field]));
    for (let day = 0; day < 7; day++) form.set(`weeklyHours.${day}.closed`, "on");
    form.set("phones.0", "(11) 3333-4444");
    form.set("closures.0.date", "2026-12-25");
    form.set("closures.0.reason", "Natal");
    form.set("closures.5.date", "2026-12-25");
    form.set("closures.5.reason", "Repetido");
    form.set("socialLinks.youtube", "http://youtube.com/x");
    form.set("pix.type", "random");
    form.set("pix.key", "not-a-uuid");
    form.set("defaultWarrantyDays", "120");
    form.set("pixDiscount", "25");
    expect(errorsOf(ShopSettingsSchema, shopSettingsFormInput(form))).toEqual({
      pixDiscount: "O desconto no PIX pode ser de no máximo 20%.",
      "closures.5.date": "Esta data já está na lista.",
      "socialLinks.youtube": "Use um endereço completo que comece com https://.",
      "pix.key": "A chave aleatória tem 32 letras e números separados por hífens, como 123e4567-e89b-12d3-a456-426614174000.",
    });
  });
});

describe("normalizePixKey: each type by its own rule", () => {
  it.each([
    ["cpf", "529.982.247-25", "52998224725"],
    ["cnpj", "11.222.333/0001-81", "11222333000181"],
    ["cnpj", "12.abc.345/01de-35", "12ABC34501DE35"],
    ["email", " PIX@Loja.com.br ", "pix@loja.com.br"],
    ["phone", "+55 (11) 98765-4321", "+5511987654321"],
    ["phone", "(11) 98765-4321", "+5511987654321"],
    ["random", "123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000"],
  ] as const)("%s %j → %j", (type, typed, key) => {
    expect(normalizePixKey(type, typed)).toEqual({ key });
  });

  it.each([
    ["cpf", "529.982.247-26"],
    ["cpf", "11222333000181"],
    ["cnpj", "11.222.333/0001-82"],
    ["cnpj", "52998224725"],
    ["email", "pix@"],
    ["email", `${"a".repeat(70)}@loja.com.br`],
    ["phone", "+1 415 555 0100"],
    ["phone", "(11) 88765-4321"],
    ["phone", "+55 11 98765-432"],
    ["random", "123e4567e89b12d3a456426614174000"],
    ["random", "pix@loja.com.br"],
  ] as const)("refuses %s %j", (type, typed) => {
    expect(normalizePixKey(type, typed)).toHaveProperty("problem");
  });
});

/** A settings form with `count` closure rows, a day apart from 2027-01-01. */
function formWithClosures(count: number, firstIndex = 0) {
  const form = new FormData();
  const values = settings();
  for (const field of ["name", "legalName", "document", "address", "city", "state", "cep", "whatsapp", "email"] as const)
    form.set(field, String(values[field]));
  for (let day = 0; day < 7; day++) form.set(`weeklyHours.${day}.closed`, "on");
  form.set("defaultWarrantyDays", "90");
  for (let index = 0; index < count; index++) {
    const date = new Date(Date.UTC(2027, 0, 1 + index)).toISOString().slice(0, 10);
    form.set(`closures.${firstIndex + index}.date`, date);
    form.set(`closures.${firstIndex + index}.reason`, `Fechado ${index + 1}`);
  }
  return form;
}

describe("the list of holidays and closures", () => {
  it("keeps any number of dates up to the limit, however many rows the page drew", () => {
    const parsed = parseInput(ShopSettingsSchema, shopSettingsFormInput(formWithClosures(SHOP_SETTINGS_LIMITS.closures)));
    expect(SHOP_SETTINGS_LIMITS.closures).toBe(60);
    expect(parsed.closures).toHaveLength(60);
    expect(parsed.closures.at(-1)).toEqual({ date: "2027-03-01", reason: "Fechado 60" });
  });

  it("refuses one date past the limit, in Portuguese, even sent under indexes no page draws", () => {
    expect(errorsOf(ShopSettingsSchema, shopSettingsFormInput(formWithClosures(61)))).toEqual({
      closures: "Cadastre no máximo 60 datas de fechamento.",
    });
    expect(errorsOf(ShopSettingsSchema, shopSettingsFormInput(formWithClosures(61, 100_000)))).toEqual({
      closures: "Cadastre no máximo 60 datas de fechamento.",
    });
  });

  it("refuses the same date twice on the row that repeats it", () => {
    const form = formWithClosures(4);
    form.set("closures.3.date", "2027-01-01");
    expect(errorsOf(ShopSettingsSchema, shopSettingsFormInput(form))).toEqual({
      "closures.3.date": "Esta data já está na lista.",
    });
  });

  it("adds a blank row and removes one without JavaScript, the rows after it moved up", () => {
    const typed = {
      name: "Loja",
      "closures.0.date": "2027-01-01",
      "closures.0.reason": "Ano novo",
      "closures.1.date": "2027-04-21",
      "closures.1.reason": "Tiradentes",
    };
    const added = withClosureRowAdded(typed);
    expect(typedClosureRows(added)).toBe(3);
    expect(added).toMatchObject({ "closures.2.date": "", "closures.2.reason": "", name: "Loja" });
    expect(withoutClosureRow(added, 0)).toEqual({
      name: "Loja",
      "closures.0.date": "2027-04-21",
      "closures.0.reason": "Tiradentes",
      "closures.1.date": "",
      "closures.1.reason": "",
    });
    expect(withoutClosureRow({ "closures.0.date": "2027-01-01", "closures.0.reason": "x" }, 0)).toEqual({
      "closures.0.date": "",
      "closures.0.reason": "",
    });
    const full = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`closures.${index}.date`, ""]));
    expect(withClosureRowAdded(full)).toBe(full);
  });
});
