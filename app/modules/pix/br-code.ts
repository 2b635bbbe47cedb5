import type { PixKeyType } from "~/db/schema/shop-settings";
import { InputError } from "~/lib/errors";
import { normalizePixKey } from "~/modules/shop-settings/validation";

/**
 * The static PIX "copia e cola" (BR Code), as the Banco Central's "Manual de
 * Padrões para Iniciação do Pix" defines it over EMV QRCPS: fields as
 * ID (2 digits) + length (2 digits) + value, in this order, and a
 * CRC16-CCITT-FALSE over everything up to and including "6304". Pure: the
 * server builds the code and the browser may read one back.
 */

/** A refusal of the code's inputs or of a text that is not a valid code, with the message for the person. */
export class PixCodeError extends InputError {
  override name = "PixCodeError";
  constructor(input: "key" | "merchantName" | "merchantCity" | "amountCents" | "txid" | "code", message: string) {
    super("invalid-pix-code", { [input]: message });
  }
}

export const PIX_GUI = "br.gov.bcb.pix";
/** EMV's limit on any one field's value (its length takes two digits). */
const MAX_FIELD_LENGTH = 99;
/** BCB: the merchant name at most 25 characters, the city at most 15, the txid at most 25 alphanumerics. */
export const PIX_LIMITS = { merchantName: 25, merchantCity: 15, txid: 25, merchantAccount: MAX_FIELD_LENGTH } as const;
/** Field 54 holds at most 13 characters: "9999999999.99". */
const MAX_AMOUNT_CENTS = 999_999_999_999;
/** When no txid names the payment, the manual asks for three asterisks. */
export const NO_TXID = "***";

const ID = {
  payloadFormat: "00",
  merchantAccount: "26",
  merchantCategory: "52",
  currency: "53",
  amount: "54",
  country: "58",
  merchantName: "59",
  merchantCity: "60",
  additionalData: "62",
  crc: "63",
} as const;
const ACCOUNT_ID = { gui: "00", key: "01", description: "02" } as const;
const TXID_ID = "05";

/** One EMV field: id, two-digit length, value. */
function field(id: string, value: string) {
  if (value.length > MAX_FIELD_LENGTH) throw new RangeError(`O campo ${id} passa de ${MAX_FIELD_LENGTH} caracteres.`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR), four upper-case hex digits. */
export function crc16CcittFalse(text: string) {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Text a bank app shows as is: accents taken off (NFD, then the combining
 * marks dropped: "São" → "Sao", "ç" → "c"), anything outside letters,
 * digits, space and a few safe signs removed, spaces collapsed. The BR Code
 * allows only the EMV "ANS" characters, and some apps refuse anything else.
 */
export function plainPixText(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .,\-/&]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * `plainPixText` cut to `max` characters at the end of a word ("Conserta Ja
 * Assistencia Tecnica" → "Conserta Ja Assistencia", never "… Assistencia T"):
 * the payer's bank shows this name, and half a word reads as a mistake. Only a
 * first word longer than `max` is cut inside it, since nothing would be left.
 */
export function plainPixTextUpTo(text: string, max: number) {
  const plain = plainPixText(text);
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  if (plain[max] === " ") return cut.trimEnd();
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd();
}

/** The txid: only letters and digits (accents off), at most 25; "***" when nothing is left. */
export function pixTxid(text: string) {
  const txid = text
    .normalize("NFD")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, PIX_LIMITS.txid);
  return txid === "" ? NO_TXID : txid;
}

/** 1050 → "10.50": the amount's digits, never through a float. */
export function pixAmount(cents: number) {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const KEY_SHAPES: { type: PixKeyType; pattern: RegExp }[] = [
  { type: "phone", pattern: /^\+55/ },
  { type: "cpf", pattern: /^\d{11}$/ },
  { type: "cnpj", pattern: /^[0-9A-Z]{12}\d{2}$/ },
  { type: "random", pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/ },
  { type: "email", pattern: /@/ },
];

/** The type a stored key has by its shape (the settings store each type in one form). */
export function pixKeyTypeOf(key: string): PixKeyType | null {
  return KEY_SHAPES.find((shape) => shape.pattern.test(key))?.type ?? null;
}

/**
 * A key exactly as the DICT holds it, which is how the settings store it
 * (shop-settings' normalizePixKey): CPF or CNPJ without punctuation and with
 * valid check digits, e-mail in lower case, phone as +55 DDD 9NNNN-NNNN,
 * random key as a lower-case UUID. A key in any other form would send the
 * payer to nobody, so it is refused rather than fixed here.
 */
function checkedPixKey(key: string, type?: PixKeyType | null) {
  const keyType = type ?? pixKeyTypeOf(key);
  const result = keyType ? normalizePixKey(keyType, key) : null;
  if (!result) throw new PixCodeError("key", "Chave PIX inválida: cadastre-a de novo em Configurações.");
  if ("problem" in result) throw new PixCodeError("key", `Chave PIX inválida: ${result.problem}`);
  if (result.key !== key)
    throw new PixCodeError("key", "Chave PIX fora do padrão do Banco Central: salve-a de novo em Configurações.");
  return key;
}

export type PixCopyPasteInput = {
  /** The shop's key as stored by the settings. */
  key: string;
  /** Its type, when known (the settings store it); otherwise read from the key's shape. */
  keyType?: PixKeyType | null;
  /** The receiver's name (field 59): accents taken off, cut at a word to at most 25 characters. */
  merchantName: string;
  /** The receiver's city (field 60): accents taken off, cut at a word to at most 15 characters. */
  merchantCity: string;
  /** The exact amount; 0 leaves it for the payer to type (field 54 left out). */
  amountCents: number;
  /** What names the payment (a sale's number): letters and digits kept, at most 25; "***" when empty. */
  txid: string;
  /** Shown to the payer by some apps (26/02); shortened or left out so field 26 stays within 99 characters. */
  description?: string;
};

/** The static BR Code of one charge, ready for the QR and the "copia e cola" field. */
export function buildPixCopyPaste(input: PixCopyPasteInput): string {
  const key = checkedPixKey(input.key.trim(), input.keyType);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0)
    throw new PixCodeError("amountCents", "Valor do PIX inválido: informe um valor em reais, como 10,00.");
  if (input.amountCents > MAX_AMOUNT_CENTS) throw new PixCodeError("amountCents", "Valor do PIX acima do permitido.");
  const merchantName = plainPixTextUpTo(input.merchantName, PIX_LIMITS.merchantName);
  if (merchantName === "")
    throw new PixCodeError("merchantName", "Informe o nome de quem recebe o PIX (razão social) em Configurações.");
  const merchantCity = plainPixTextUpTo(input.merchantCity, PIX_LIMITS.merchantCity);
  if (merchantCity === "") throw new PixCodeError("merchantCity", "Informe a cidade da loja em Configurações.");

  const gui = field(ACCOUNT_ID.gui, PIX_GUI);
  const keyField = field(ACCOUNT_ID.key, key);
  // A 77-character e-mail already fills field 26 (18 + 4 + 77 = 99): the description gives way to the key.
  const room = PIX_LIMITS.merchantAccount - gui.length - keyField.length - 4;
  const description =
    room > 0
      ? plainPixText(input.description ?? "")
          .slice(0, room)
          .trimEnd()
      : "";
  const merchantAccount = gui + keyField + (description === "" ? "" : field(ACCOUNT_ID.description, description));

  const withoutCrc =
    field(ID.payloadFormat, "01") +
    field(ID.merchantAccount, merchantAccount) +
    field(ID.merchantCategory, "0000") +
    field(ID.currency, "986") +
    (input.amountCents > 0 ? field(ID.amount, pixAmount(input.amountCents)) : "") +
    field(ID.country, "BR") +
    field(ID.merchantName, merchantName) +
    field(ID.merchantCity, merchantCity) +
    field(ID.additionalData, field(TXID_ID, pixTxid(input.txid))) +
    `${ID.crc}04`;
  return withoutCrc + crc16CcittFalse(withoutCrc);
}

/** A code's fields in order, each id with its value. */
export type PixField = { id: string; value: string };

/** Splits a TLV text (a whole code, or the value of a template field such as 26 or 62). */
export function decodePixFields(text: string): PixField[] {
  const fields: PixField[] = [];
  let at = 0;
  while (at < text.length) {
    const header = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(header)) throw new PixCodeError("code", "Código PIX inválido: o texto não segue o padrão do BR Code.");
    const length = Number(header.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new PixCodeError("code", "Código PIX incompleto: copie o código inteiro.");
    fields.push({ id: header.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

export type ParsedPixCopyPaste = {
  fields: PixField[];
  key: string | null;
  description: string | null;
  /** Null when the code leaves the amount to the payer. */
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
  txid: string | null;
  crc: string;
};

/** Reads a "copia e cola" back, refusing it when its CRC does not match (a code changed or cut on the way). */
export function parsePixCopyPaste(text: string): ParsedPixCopyPaste {
  const code = text.trim();
  const fields = decodePixFields(code);
  const last = fields.at(-1);
  if (!last || last.id !== ID.crc || !/^[0-9A-F]{4}$/.test(last.value))
    throw new PixCodeError("code", "Código PIX inválido: falta o código de verificação no final.");
  if (fields[0]?.id !== ID.payloadFormat || fields[0].value !== "01")
    throw new PixCodeError("code", "Código PIX inválido: o texto não segue o padrão do BR Code.");
  const crc = crc16CcittFalse(code.slice(0, -4));
  if (crc !== last.value) throw new PixCodeError("code", "Código PIX com erro de verificação: copie o código de novo.");

  const valueOf = (id: string) => fields.find((entry) => entry.id === id)?.value ?? null;
  const account = decodePixFields(valueOf(ID.merchantAccount) ?? "");
  if (account.find((entry) => entry.id === ACCOUNT_ID.gui)?.value.toLowerCase() !== PIX_GUI)
    throw new PixCodeError("code", "Este código não é de PIX.");
  const additional = decodePixFields(valueOf(ID.additionalData) ?? "");
  const amount = valueOf(ID.amount);
  if (amount !== null && !/^\d{1,10}(\.\d{1,2})?$/.test(amount))
    throw new PixCodeError("code", "Código PIX inválido: o valor não está no formato 10.00.");
  const [reais = "0", centavos = ""] = amount?.split(".") ?? [];
  return {
    fields,
    key: account.find((entry) => entry.id === ACCOUNT_ID.key)?.value ?? null,
    description: account.find((entry) => entry.id === ACCOUNT_ID.description)?.value ?? null,
    amountCents: amount === null ? null : Number(reais) * 100 + Number(centavos.padEnd(2, "0")),
    merchantName: valueOf(ID.merchantName) ?? "",
    merchantCity: valueOf(ID.merchantCity) ?? "",
    txid: additional.find((entry) => entry.id === TXID_ID)?.value ?? null,
    crc: last.value,
  };
}
