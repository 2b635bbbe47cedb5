import { z } from "zod";
import {
  PIX_KEY_TYPES,
  type DatedClosure,
  type DayHours,
  type PixKeyType,
  type SocialLinks,
  type WeeklyHours,
} from "~/db/schema/shop-settings";
// The shape of the shop's social links, as the settings row stores them: components take it from here, never from app/db.
export type { SocialLinks } from "~/db/schema/shop-settings";
import { formatCep } from "~/lib/cep";
import { isIsoDate } from "~/lib/dates";
import { formText, optionalText, requiredText, tooLongMessage } from "~/lib/forms";
import { basisPointsToPercentText, percentToBasisPoints } from "~/lib/money";
import { formatPhone, isValidWhatsappNumber, phoneDigits } from "~/lib/phone";
import { hasNoNul, NUL_MESSAGE } from "~/lib/text-input";
import { formatDocument, isValidCnpj, isValidCpf, normalizeDocument } from "~/modules/customers/document";
import { isStateCode } from "~/modules/customers/states";
import { DEMO_SHOP_SETTINGS } from "./demo-settings";

/**
 * The shop's details as the settings page and the owner-setup page send them,
 * checked the same way in the browser and on the server. The output is what
 * the settings row stores.
 */

export const SHOP_SETTINGS_LIMITS = {
  name: 80,
  legalName: 160,
  document: 30,
  address: 200,
  city: 100,
  cep: 12,
  email: 254,
  phone: 30,
  /** Other phones shown on the site, besides the WhatsApp number. */
  phones: 3,
  closureReason: 80,
  /** Holidays and other dated closures kept at once (a year's worth and then some). */
  closures: 60,
  url: 500,
  pixKey: 100,
} as const;

/**
 * CDC art. 26: 90 days for durable goods and repairs on them, the legal
 * warranty the shop's own warranty adds to; a default below it would print
 * a term the law overrides.
 */
export const MIN_DEFAULT_WARRANTY_DAYS = 90;
export const MAX_DEFAULT_WARRANTY_DAYS = 3650;

export const WEEKDAY_NAMES = ["Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"];
/** The order the form shows the week in: Monday first, as the footer says it. */
export const WEEKDAY_FORM_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const SOCIAL_NETWORKS = [
  "instagram",
  "facebook",
  "tiktok",
  "youtube",
  "linkedin",
] as const satisfies readonly (keyof SocialLinks)[];
export const SOCIAL_NETWORK_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  tiktok: "TikTok",
  youtube: "YouTube",
  linkedin: "LinkedIn",
};

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  phone: "Celular (+55)",
  random: "Chave aleatória",
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL_MESSAGE = "Informe um e-mail válido, como contato@sualoja.com.br.";
const HTTPS_MESSAGE = "Use um endereço completo que comece com https://.";

const isEmail = (value: string) => z.email().safeParse(value).success;

/** Why a typed CPF/CNPJ is refused; null when it is a valid one. */
export function shopDocumentProblem(value: string) {
  if (value === "") return "Informe o CNPJ da empresa ou o CPF do responsável.";
  if (/^\d{11}$/.test(value)) return isValidCpf(value) ? null : "CPF inválido: confira os números digitados.";
  if (/^[0-9A-Z]{14}$/.test(value)) return isValidCnpj(value) ? null : "CNPJ inválido: confira os caracteres digitados.";
  return "Informe um CNPJ (14 caracteres) ou um CPF (11 números).";
}

/** An https address with a host name, as a link on the public site must be: no http, javascript: or relative paths. */
export function isHttpsUrl(value: string) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "https:" && url.hostname.includes(".") && url.username === "" && url.password === "";
}

function optionalHttpsUrl() {
  return optionalText(SHOP_SETTINGS_LIMITS.url).refine((value) => value === "" || isHttpsUrl(value), HTTPS_MESSAGE);
}

/** "HH:MM" to minutes since midnight. */
function minutesOf(hhmm: string) {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** One weekday as the form sends it: closed, or open from `open` to `close` (exclusive), on the shop's clock. */
const DayHoursSchema = z
  .object({
    closed: z.union([z.boolean(), z.literal("on"), z.literal("")]).default(false),
    open: z.string().trim().default(""),
    close: z.string().trim().default(""),
  })
  .transform((day, context): DayHours => {
    if (day.closed === true || day.closed === "on") return null;
    let isValid = true;
    if (!HHMM.test(day.open)) {
      context.addIssue({ code: "custom", path: ["open"], message: "Informe a hora de abertura, como 09:00, ou marque fechado." });
      isValid = false;
    }
    if (!HHMM.test(day.close)) {
      context.addIssue({
        code: "custom",
        path: ["close"],
        message: "Informe a hora de fechamento, como 18:00, ou marque fechado.",
      });
      isValid = false;
    }
    if (isValid && minutesOf(day.open) >= minutesOf(day.close)) {
      context.addIssue({ code: "custom", path: ["close"], message: "O fechamento deve ser depois da abertura." });
      isValid = false;
    }
    return isValid ? { open: day.open, close: day.close } : z.NEVER;
  });

const WeeklyHoursSchema = z
  .array(DayHoursSchema, { error: "Informe o horário de cada dia da semana." })
  .length(7, "Informe o horário de cada dia da semana.")
  .transform((days) => days as WeeklyHours);

/** What the owner setup asks and the settings page shows first: who the shop is and how to reach it. */
export const ShopIdentitySchema = z.object({
  name: requiredText("o nome da loja", { max: SHOP_SETTINGS_LIMITS.name }),
  legalName: requiredText("a razão social (ou o nome do responsável)", { max: SHOP_SETTINGS_LIMITS.legalName }),
  // Stored as printed ("12.ABC.345/01DE-35", "123.456.789-09"): the footer and documents show it as is.
  document: z
    .string({ error: "Informe o CNPJ da empresa ou o CPF do responsável." })
    .max(SHOP_SETTINGS_LIMITS.document, tooLongMessage(SHOP_SETTINGS_LIMITS.document))
    .transform(normalizeDocument)
    .superRefine((value, context) => {
      const problem = shopDocumentProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform(formatDocument),
  address: requiredText("o endereço (rua, número e bairro)", { max: SHOP_SETTINGS_LIMITS.address }),
  city: requiredText("a cidade", { max: SHOP_SETTINGS_LIMITS.city }),
  state: z
    .string({ error: "Escolha o estado." })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => isStateCode(value), "Escolha o estado."),
  cep: z
    .string({ error: "Informe o CEP." })
    .trim()
    .min(1, { error: "Informe o CEP.", abort: true })
    .max(SHOP_SETTINGS_LIMITS.cep, tooLongMessage(SHOP_SETTINGS_LIMITS.cep))
    .refine((value) => /^\d{5}-?\d{3}$/.test(value.replace(/[.\s]/g, "")), "Informe o CEP com 8 números, como 01310-100.")
    .transform(formatCep),
  // Spec §5: 10 or 11 digits once the rest is removed; an 11-digit (mobile) number has 9 as its third digit.
  whatsapp: z
    .string({ error: "Informe o WhatsApp da loja." })
    .trim()
    .min(1, { error: "Informe o WhatsApp da loja.", abort: true })
    .max(SHOP_SETTINGS_LIMITS.phone, tooLongMessage(SHOP_SETTINGS_LIMITS.phone))
    .refine(isValidWhatsappNumber, "Informe o WhatsApp com DDD, como (11) 98765-4321.")
    .transform(phoneDigits),
  email: z
    .string({ error: "Informe o e-mail da loja." })
    .trim()
    .min(1, { error: "Informe o e-mail da loja.", abort: true })
    .max(SHOP_SETTINGS_LIMITS.email, tooLongMessage(SHOP_SETTINGS_LIMITS.email))
    .refine(isEmail, EMAIL_MESSAGE)
    .transform((value) => value.toLowerCase()),
  weeklyHours: WeeklyHoursSchema,
});

export type ShopIdentity = z.output<typeof ShopIdentitySchema>;

export const DEMO_DOCUMENT_MESSAGE =
  "Este é o CNPJ fictício da demonstração: informe o CNPJ da sua empresa ou o seu CPF para confirmar os dados da loja.";

/** The demo's fictional CNPJ, however it is typed: never the document of a shop whose identity is confirmed. */
export function isDemoDocument(document: string) {
  return normalizeDocument(document) === normalizeDocument(DEMO_SHOP_SETTINGS.cnpj);
}

/**
 * The identity the owner confirms as the shop's own (owner setup): besides
 * being valid, the document is not the demo's, so a confirmed shop never
 * prints the fictional CNPJ as its own.
 */
export const ConfirmedShopIdentitySchema = ShopIdentitySchema.superRefine((identity, context) => {
  if (isDemoDocument(identity.document)) context.addIssue({ code: "custom", path: ["document"], message: DEMO_DOCUMENT_MESSAGE });
});

/**
 * Dated closures as the form posts them: every row, blank ones included, so a
 * message lands on the row it is about; blank rows are then left out.
 */
const ClosuresSchema = z
  .array(z.object({ date: z.string().trim().default(""), reason: z.string().trim().default("") }))
  .superRefine((rows, context) => {
    const seen = new Set<string>();
    let count = 0;
    rows.forEach((row, index) => {
      if (row.date === "" && row.reason === "") return;
      count++;
      if (!isIsoDate(row.date)) context.addIssue({ code: "custom", path: [index, "date"], message: "Informe a data." });
      else if (seen.has(row.date))
        context.addIssue({ code: "custom", path: [index, "date"], message: "Esta data já está na lista." });
      seen.add(row.date);
      if (row.reason === "")
        context.addIssue({ code: "custom", path: [index, "reason"], message: "Informe o motivo (ex.: Natal)." });
      else if (row.reason.length > SHOP_SETTINGS_LIMITS.closureReason)
        context.addIssue({
          code: "custom",
          path: [index, "reason"],
          message: tooLongMessage(SHOP_SETTINGS_LIMITS.closureReason),
        });
      else if (!hasNoNul(row.reason)) context.addIssue({ code: "custom", path: [index, "reason"], message: NUL_MESSAGE });
    });
    if (count > SHOP_SETTINGS_LIMITS.closures)
      context.addIssue({ code: "custom", message: `Cadastre no máximo ${SHOP_SETTINGS_LIMITS.closures} datas de fechamento.` });
  })
  .transform((rows): DatedClosure[] =>
    rows.filter((row) => row.date !== "" || row.reason !== "").toSorted((a, b) => a.date.localeCompare(b.date)),
  );

const PhonesSchema = z
  .array(
    z
      .string()
      .trim()
      .max(SHOP_SETTINGS_LIMITS.phone, tooLongMessage(SHOP_SETTINGS_LIMITS.phone))
      .refine((value) => value === "" || isValidWhatsappNumber(value), "Informe o telefone com DDD, como (11) 3333-4444."),
  )
  .max(SHOP_SETTINGS_LIMITS.phones, `Informe no máximo ${SHOP_SETTINGS_LIMITS.phones} telefones.`)
  .default([])
  .transform((phones) => phones.filter((phone) => phone !== "").map(phoneDigits));

const SocialLinksSchema = z
  .object(
    Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, optionalHttpsUrl()])) as Record<
      (typeof SOCIAL_NETWORKS)[number],
      ReturnType<typeof optionalHttpsUrl>
    >,
  )
  .default({ instagram: "", facebook: "", tiktok: "", youtube: "", linkedin: "" })
  // An empty link is left out, so the footer shows no icon for it.
  .transform((links): SocialLinks => Object.fromEntries(Object.entries(links).filter(([, href]) => href !== "")));

/**
 * A PIX key as its type defines it (Banco Central's rules): the CPF or CNPJ
 * with valid check digits (digits only), an e-mail (lower-case, at most 77
 * characters), a mobile number as +55 DDD 9NNNN-NNNN, or the random key (a UUID).
 * Returns the stored form, or the message for the key's field.
 */
export function normalizePixKey(type: PixKeyType, typed: string): { key: string } | { problem: string } {
  const value = typed.trim();
  switch (type) {
    case "cpf": {
      const digits = value.replace(/[.\-\s]/g, "");
      return isValidCpf(digits) ? { key: digits } : { problem: "CPF inválido: confira os 11 números da chave." };
    }
    case "cnpj": {
      const normalized = normalizeDocument(value);
      return isValidCnpj(normalized) ? { key: normalized } : { problem: "CNPJ inválido: confira os 14 caracteres da chave." };
    }
    case "email":
      return value.length <= 77 && isEmail(value)
        ? { key: value.toLowerCase() }
        : { problem: "Informe um e-mail válido (até 77 caracteres), como pix@sualoja.com.br." };
    case "phone": {
      const compact = value.replace(/[\s().-]/g, "");
      const national = compact.startsWith("+55") ? compact.slice(3) : compact;
      // A PIX phone key is a mobile number: 11 digits with 9 after the area code.
      return /^\d{2}9\d{8}$/.test(national)
        ? { key: `+55${national}` }
        : { problem: "Informe o celular com DDD, como +55 11 98765-4321." };
    }
    case "random": {
      const lower = value.toLowerCase();
      return UUID.test(lower)
        ? { key: lower }
        : {
            problem: "A chave aleatória tem 32 letras e números separados por hífens, como 123e4567-e89b-12d3-a456-426614174000.",
          };
    }
  }
}

const PixSchema = z
  .object({
    type: z.union([z.enum(PIX_KEY_TYPES), z.literal("")], { error: "Escolha o tipo da chave PIX." }).default(""),
    key: optionalText(SHOP_SETTINGS_LIMITS.pixKey),
  })
  .transform((pix, context): { pixKeyType: PixKeyType | null; pixKey: string | null } => {
    if (pix.type === "" && pix.key === "") return { pixKeyType: null, pixKey: null };
    if (pix.type === "") {
      context.addIssue({ code: "custom", path: ["type"], message: "Escolha o tipo da chave PIX." });
      return z.NEVER;
    }
    if (pix.key === "") {
      context.addIssue({ code: "custom", path: ["key"], message: "Informe a chave PIX ou deixe o tipo em branco." });
      return z.NEVER;
    }
    const result = normalizePixKey(pix.type, pix.key);
    if ("problem" in result) {
      context.addIssue({ code: "custom", path: ["key"], message: result.problem });
      return z.NEVER;
    }
    return { pixKeyType: pix.type, pixKey: result.key };
  });

/** "% de desconto no PIX": up to 20%, in basis points (500 = 5%); a larger one is almost always a typo. */
export const MAX_PIX_DISCOUNT_BASIS_POINTS = 2000;
const PIX_DISCOUNT_MESSAGE = "Informe o desconto de 0 a 20, com até duas casas decimais, como 5 ou 2,5.";

/** What the owner types ("5", "2,5", "2.25", "5%", "" for none) → basis points, read digit by digit. */
const PixDiscountSchema = z
  .string({ error: PIX_DISCOUNT_MESSAGE })
  .trim()
  .max(10, PIX_DISCOUNT_MESSAGE)
  .default("")
  .transform((typed, context) => {
    const basisPoints = percentToBasisPoints(typed, 0);
    if (basisPoints === null) {
      context.addIssue({ code: "custom", message: PIX_DISCOUNT_MESSAGE });
      return z.NEVER;
    }
    if (basisPoints > MAX_PIX_DISCOUNT_BASIS_POINTS) {
      context.addIssue({ code: "custom", message: "O desconto no PIX pode ser de no máximo 20%." });
      return z.NEVER;
    }
    return basisPoints;
  });

/**
 * Crediário: the highest monthly rate a plan may carry (a shop that is not a
 * financial institution is held to the usury rules: Decreto 22.626/33,
 * Código Civil art. 591 with 406), the late fee (CDC art. 52 §1: at most 2%)
 * and the late interest per month. Up to 10% a.m. for the rates: beyond it
 * is a typo, never a legal rate for a shop.
 */
export const CREDIT_SETTINGS_LIMITS = { maxRateBasisPoints: 1_000, maxLateFeeBasisPoints: 200 } as const;

/** A percentage the owner types ("1", "2,5", "0,99%") → basis points, from 0 to `max`; blank is the default. */
function percentField(max: number, message: string, defaultBasisPoints: number) {
  return z
    .string({ error: message })
    .trim()
    .max(10, message)
    .default("")
    .transform((typed, context) => {
      const basisPoints = percentToBasisPoints(typed, defaultBasisPoints);
      if (basisPoints === null || basisPoints > max) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return basisPoints;
    });
}

/** A checkbox as the form posts it ("on" or nothing), or a boolean. */
const CheckboxSchema = z
  .union([z.boolean(), z.literal("on"), z.literal("")], { error: "Marque ou desmarque a opção." })
  .default(false)
  .transform((value) => value === true || value === "on");

const WARRANTY_MESSAGE = `Informe a garantia em dias, de ${MIN_DEFAULT_WARRANTY_DAYS} a ${MAX_DEFAULT_WARRANTY_DAYS}.`;

/** Everything /configuracoes holds (the logo travels apart, through the upload pipeline). */
export const ShopSettingsSchema = z
  .object({
    ...ShopIdentitySchema.shape,
    phones: PhonesSchema,
    closures: ClosuresSchema,
    socialLinks: SocialLinksSchema,
    reviewUrl: optionalHttpsUrl().transform((value) => (value === "" ? null : value)),
    pix: PixSchema,
    defaultWarrantyDays: z
      .string({ error: WARRANTY_MESSAGE })
      .trim()
      .regex(/^\d{1,5}$/, WARRANTY_MESSAGE)
      .transform(Number)
      .refine(
        (days) => days >= MIN_DEFAULT_WARRANTY_DAYS,
        `A garantia não pode ser menor que ${MIN_DEFAULT_WARRANTY_DAYS} dias (garantia legal, CDC art. 26).`,
      )
      .refine((days) => days <= MAX_DEFAULT_WARRANTY_DAYS, WARRANTY_MESSAGE),
    pixDiscount: PixDiscountSchema,
    allowNegativeStock: CheckboxSchema,
    // "Confirmar os dados da loja": only this ends the demo's marks, never a save by itself (decision 0014).
    confirmIdentity: CheckboxSchema,
    maxCreditMonthlyRate: percentField(
      CREDIT_SETTINGS_LIMITS.maxRateBasisPoints,
      "Informe a taxa máxima ao mês de 0 a 10, com até duas casas decimais, como 1 ou 0,99.",
      100,
    ),
    creditLateFee: percentField(
      CREDIT_SETTINGS_LIMITS.maxLateFeeBasisPoints,
      "Informe a multa de 0 a 2% (CDC art. 52, § 1º), com até duas casas decimais.",
      200,
    ),
    creditLateInterest: percentField(
      CREDIT_SETTINGS_LIMITS.maxRateBasisPoints,
      "Informe os juros de mora ao mês de 0 a 10, com até duas casas decimais, como 1.",
      100,
    ),
  })
  .transform(({ pix, pixDiscount, maxCreditMonthlyRate, creditLateFee, creditLateInterest, ...rest }) => ({
    ...rest,
    ...pix,
    pixDiscountBasisPoints: pixDiscount,
    maxCreditMonthlyRateBasisPoints: maxCreditMonthlyRate,
    creditLateFeeBasisPoints: creditLateFee,
    creditLateInterestMonthlyBasisPoints: creditLateInterest,
  }));

export type ShopSettingsInput = z.output<typeof ShopSettingsSchema>;

/* ---------- Reading the forms ---------- */

const IDENTITY_FIELDS = ["name", "legalName", "document", "address", "city", "state", "cep", "whatsapp", "email"] as const;

/** The weekly hours as the form posts them: `weeklyHours.{day}.closed|open|close`, day 0 = Sunday. */
function weeklyHoursFromForm(form: FormData, prefix: string) {
  return Array.from({ length: 7 }, (_, day) => ({
    closed: formText(form, `${prefix}weeklyHours.${day}.closed`) === "on",
    open: formText(form, `${prefix}weeklyHours.${day}.open`),
    close: formText(form, `${prefix}weeklyHours.${day}.close`),
  }));
}

/** The shop-identity fields of a posted form, as the schema reads them; `prefix` namespaces them on a page with other fields. */
export function shopIdentityFormInput(form: FormData, prefix = "") {
  const values: Record<string, unknown> = {};
  for (const field of IDENTITY_FIELDS) values[field] = formText(form, `${prefix}${field}`);
  values.weeklyHours = weeklyHoursFromForm(form, prefix);
  return values;
}

/** How many closure rows the form shows: the stored ones and one blank to fill ("Adicionar outra data" adds more). */
export function closureRowCount(stored: number) {
  return Math.max(1, Math.min(stored + 1, SHOP_SETTINGS_LIMITS.closures));
}

const CLOSURE_FIELD = /^closures\.(\d{1,9})\.(date|reason)$/;

/**
 * Every closure row the form posted, however many (the page adds rows), by
 * the index of its inputs so a message lands on its row. Rows past a bound
 * no page draws are kept at the end: counted, so too many is refused, never
 * dropped without a word.
 */
function closuresFromForm(form: FormData) {
  const indexes = new Set<number>();
  for (const name of form.keys()) {
    const match = CLOSURE_FIELD.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  const bound = SHOP_SETTINGS_LIMITS.closures * 2;
  const row = (index: number) => ({
    date: formText(form, `closures.${index}.date`),
    reason: formText(form, `closures.${index}.reason`),
  });
  let drawn = 0;
  const beyond: number[] = [];
  for (const index of indexes) {
    if (index < bound) drawn = Math.max(drawn, index + 1);
    else beyond.push(index);
  }
  return [...Array.from({ length: drawn }, (_, index) => row(index)), ...beyond.toSorted((a, b) => a - b).map(row)];
}

/** The closure list's buttons before JavaScript runs: they post the form to add a row or remove row N, saving nothing. */
export const CLOSURE_INTENTS = { add: "add-closure", remove: "remove-closure-" } as const;

/** The form as typed with a closure row added or removed, when `intent` is one of the list's; null for a save. */
export function closureListChange(intent: string, values: ShopSettingsFormValues): ShopSettingsFormValues | null {
  if (intent === CLOSURE_INTENTS.add) return withClosureRowAdded(values);
  const removed = intent.startsWith(CLOSURE_INTENTS.remove) ? intent.slice(CLOSURE_INTENTS.remove.length) : null;
  if (removed !== null && /^\d{1,3}$/.test(removed)) return withoutClosureRow(values, Number(removed));
  return null;
}

/** How many closure rows a refused or redrawn form had: its highest `closures.N.date` plus one. */
export function typedClosureRows(values: ShopSettingsFormValues) {
  let rows = 0;
  for (const name of Object.keys(values)) {
    const match = CLOSURE_FIELD.exec(name);
    if (match) rows = Math.max(rows, Number(match[1]) + 1);
  }
  return rows;
}

/** The form as typed with one more blank closure row (the page's "Adicionar outra data" without JavaScript). */
export function withClosureRowAdded(values: ShopSettingsFormValues): ShopSettingsFormValues {
  const rows = typedClosureRows(values);
  if (rows >= SHOP_SETTINGS_LIMITS.closures) return values;
  return { ...values, [`closures.${rows}.date`]: "", [`closures.${rows}.reason`]: "" };
}

/** The form as typed without closure row `removed`, the rows after it moved up (its "Remover" without JavaScript). */
export function withoutClosureRow(values: ShopSettingsFormValues, removed: number): ShopSettingsFormValues {
  const rows = typedClosureRows(values);
  const kept: ShopSettingsFormValues = {};
  for (const [name, value] of Object.entries(values)) if (!CLOSURE_FIELD.test(name)) kept[name] = value;
  let position = 0;
  for (let index = 0; index < rows; index++) {
    if (index === removed) continue;
    kept[`closures.${position}.date`] = values[`closures.${index}.date`] ?? "";
    kept[`closures.${position}.reason`] = values[`closures.${index}.reason`] ?? "";
    position++;
  }
  // One row stays, blank, to type in.
  return position === 0 ? { ...kept, "closures.0.date": "", "closures.0.reason": "" } : kept;
}

/** The whole settings form, as ShopSettingsSchema reads it; each input's name is the key of its message. */
export function shopSettingsFormInput(form: FormData) {
  const closures = closuresFromForm(form);
  return {
    ...shopIdentityFormInput(form),
    phones: Array.from({ length: SHOP_SETTINGS_LIMITS.phones }, (_, index) => formText(form, `phones.${index}`)),
    closures,
    socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, formText(form, `socialLinks.${network}`)])),
    reviewUrl: formText(form, "reviewUrl"),
    pix: { type: formText(form, "pix.type"), key: formText(form, "pix.key") },
    defaultWarrantyDays: formText(form, "defaultWarrantyDays"),
    pixDiscount: formText(form, "pixDiscount"),
    allowNegativeStock: formText(form, "allowNegativeStock") === "on",
    confirmIdentity: formText(form, "confirmIdentity") === "on",
    maxCreditMonthlyRate: formText(form, "maxCreditMonthlyRate"),
    creditLateFee: formText(form, "creditLateFee"),
    creditLateInterest: formText(form, "creditLateInterest"),
  };
}

/**
 * What a refused form shows again, keyed by the inputs' names, so nothing
 * typed is lost. Files are left out (a browser never refills a file input).
 */
export function typedFormValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && hasNoNul(name)) values[name] = value;
  return values;
}

/** The stored row as the form's inputs show it, keyed by their names (what typedFormValues gives back after a refusal). */
export type ShopSettingsFormValues = Record<string, string>;

type StoredSettings = {
  name: string;
  legalName: string;
  cnpj: string;
  address: string;
  city: string;
  state: string;
  cep: string;
  whatsapp: string;
  email: string;
  weeklyHours: WeeklyHours;
  phones: string[];
  closures: DatedClosure[];
  socialLinks: SocialLinks;
  reviewUrl: string | null;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  defaultWarrantyDays: number;
  pixDiscountBasisPoints: number;
  allowNegativeStock: boolean;
  maxCreditMonthlyRateBasisPoints: number;
  creditLateFeeBasisPoints: number;
  creditLateInterestMonthlyBasisPoints: number;
};

/** The shop-identity inputs of a stored row (the owner-setup page shows its fields under a prefix). */
export function shopIdentityFormValues(
  stored: Omit<
    StoredSettings,
    | "phones"
    | "closures"
    | "socialLinks"
    | "reviewUrl"
    | "pixKeyType"
    | "pixKey"
    | "defaultWarrantyDays"
    | "pixDiscountBasisPoints"
    | "allowNegativeStock"
    | "maxCreditMonthlyRateBasisPoints"
    | "creditLateFeeBasisPoints"
    | "creditLateInterestMonthlyBasisPoints"
  >,
  prefix = "",
) {
  const values: ShopSettingsFormValues = {
    [`${prefix}name`]: stored.name,
    [`${prefix}legalName`]: stored.legalName,
    [`${prefix}document`]: stored.cnpj,
    [`${prefix}address`]: stored.address,
    [`${prefix}city`]: stored.city,
    [`${prefix}state`]: stored.state,
    [`${prefix}cep`]: stored.cep,
    [`${prefix}whatsapp`]: formatPhone(stored.whatsapp),
    [`${prefix}email`]: stored.email,
  };
  stored.weeklyHours.forEach((day, index) => {
    values[`${prefix}weeklyHours.${index}.closed`] = day ? "" : "on";
    values[`${prefix}weeklyHours.${index}.open`] = day?.open ?? "";
    values[`${prefix}weeklyHours.${index}.close`] = day?.close ?? "";
  });
  return values;
}

export function shopSettingsFormValues(stored: StoredSettings): ShopSettingsFormValues {
  const values = shopIdentityFormValues(stored);
  stored.phones.forEach((phone, index) => (values[`phones.${index}`] = formatPhone(phone)));
  stored.closures.forEach((closure, index) => {
    values[`closures.${index}.date`] = closure.date;
    values[`closures.${index}.reason`] = closure.reason;
  });
  for (const network of SOCIAL_NETWORKS) values[`socialLinks.${network}`] = stored.socialLinks[network] ?? "";
  values.reviewUrl = stored.reviewUrl ?? "";
  values["pix.type"] = stored.pixKeyType ?? "";
  values["pix.key"] = stored.pixKey ?? "";
  values.defaultWarrantyDays = String(stored.defaultWarrantyDays);
  values.pixDiscount = basisPointsToPercentText(stored.pixDiscountBasisPoints);
  values.allowNegativeStock = stored.allowNegativeStock ? "on" : "";
  values.maxCreditMonthlyRate = basisPointsToPercentText(stored.maxCreditMonthlyRateBasisPoints);
  values.creditLateFee = basisPointsToPercentText(stored.creditLateFeeBasisPoints);
  values.creditLateInterest = basisPointsToPercentText(stored.creditLateInterestMonthlyBasisPoints);
  return values;
}
