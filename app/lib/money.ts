/**
 * Money is integer centavos everywhere; this is the one way to show, read,
 * round, split and take a percentage of it.
 *
 * THE rounding rule: a fraction of a centavo is rounded half away from zero
 * ("arredondamento comercial": R$ 0,005 → R$ 0,01; −0,005 → −0,01). It is
 * what the customer's calculator, a spreadsheet's ROUND and the shop's
 * receipts do, so any amount Balcão prints can be checked by hand. Half-even
 * (the banker's rule) only pays off over millions of roundings that are
 * summed; here, whenever parts must add up to a total (instalments, a
 * discount spread over lines) they are allocated exactly by allocateCents,
 * so no rounding error ever accumulates. Every function below that rounds
 * uses roundHalfAwayFromZero, and nothing else may round money.
 *
 * Percentages are integer basis points (1% = 100 bp, 5% = 500 bp, 1.99% a.m.
 * = 199 bp): integer arithmetic, no 0.1 + 0.2 surprises.
 */
let brl: Intl.NumberFormat | undefined;

/** 5% = 500 basis points. */
export const BASIS_POINTS_PER_PERCENT = 100;
const WHOLE_IN_BASIS_POINTS = 100n * BigInt(BASIS_POINTS_PER_PERCENT);

/** numerator ÷ denominator on whole numbers, rounded by the rule above. */
function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Divisão por zero.");
  const negative = numerator < 0n !== denominator < 0n;
  const [top, bottom] = [numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator];
  const quotient = (2n * top + bottom) / (2n * bottom);
  return negative ? -quotient : quotient;
}

function assertCents(cents: number, name = "valor") {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`O ${name} deve ser um número inteiro de centavos: ${cents}`);
}

function toSafeCents(value: bigint) {
  const cents = Number(value);
  if (!Number.isSafeInteger(cents)) throw new RangeError("Valor grande demais.");
  return cents;
}

/** 12345 → "R$ 123,45" */
export function formatCents(cents: number) {
  // Made on first use: a page that only imports a constant from here pays no Intl start-up (decision 0006).
  brl ??= new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
  // + 0 turns -0 (a negated empty sum) into 0: Intl writes "-R$ 0,00", while the browser, which gets the page's data
  // serialised, reads 0, and the two renders differed (React #418 on /financial-management, issue 21).
  return brl.format(cents / 100 + 0);
}

/**
 * What a person types in a money field → centavos, or null when it is not an
 * amount: "1.234,56", "1234,5", "R$ 10", "10.50" (a lone dot followed by two
 * digits is read as decimals, as a pasted value would be). Read digit by
 * digit: no float ever holds the amount.
 */
export function parseMoneyToCents(input: string): number | null {
  const text = input.replace(/R\$|\s/g, "");
  if (text === "") return null;
  let reais: string;
  let centavos: string;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(text) || /^\d+(,\d{1,2})?$/.test(text)) {
    [reais = "", centavos = ""] = text.replace(/\./g, "").split(",");
  } else if (/^\d+\.\d{1,2}$/.test(text)) {
    [reais = "", centavos = ""] = text.split(".");
  } else {
    return null;
  }
  const cents = BigInt(reais) * 100n + BigInt(centavos.padEnd(2, "0"));
  return cents <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cents) : null;
}

/** 12345 → "123,45", for a money field's value. */
export function centsToInput(cents: number) {
  return (cents / 100).toFixed(2).replace(".", ",");
}

/**
 * A computed amount with a fraction of a centavo (an instalment from a
 * compound-interest formula) → whole centavos, by the rule above. The float
 * is first read to 15 significant digits, so 100.49999999999999 (what 1.005 ×
 * 100 gives) counts as the half it stands for.
 */
export function roundCents(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Valor inválido: ${value}`);
  const [digits = "0", exponent = "0"] = Math.abs(value).toPrecision(15).split("e");
  const [whole = "0", fraction = ""] = digits.split(".");
  const scale = fraction.length - Number(exponent);
  // value = ±(whole·fraction as an integer) × 10^-scale, exactly.
  const mantissa = BigInt(whole + fraction);
  const magnitude = scale <= 0 ? mantissa * 10n ** BigInt(-scale) : roundHalfAwayFromZero(mantissa, 10n ** BigInt(scale));
  return toSafeCents(value < 0 ? -magnitude : magnitude);
}

/**
 * `basisPoints` of an amount, rounded by the rule above: 5% (500 bp) of
 * R$ 199,99 is R$ 10,00 (9,9995 rounded). 100% (10 000 bp) gives the amount
 * back; a discount is `cents - percentOfCents(cents, bp)`.
 */
export function percentOfCents(cents: number, basisPoints: number): number {
  assertCents(cents);
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError(`Percentual deve ser inteiro em pontos-base: ${basisPoints}`);
  return toSafeCents(roundHalfAwayFromZero(BigInt(cents) * BigInt(basisPoints), WHOLE_IN_BASIS_POINTS));
}

/**
 * A percentage as a person types it ("2,99", "2.99", "3%", " 5 ") → basis
 * points (299), read digit by digit (no float error): up to three whole
 * digits and two decimals. Blank (or a bare "%") gives `blank`, which each
 * form decides (0, the shop's default, or a refusal with null); anything
 * else unreadable, a sign included, is null. Every percentage field reads
 * through here.
 */
export function percentToBasisPoints(typed: string, blank: number | null = null): number | null {
  const text = typed.replace(/\s|%/g, "");
  if (text === "") return blank;
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * BASIS_POINTS_PER_PERCENT + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * 299 → "2,99", 250 → "2,5", 500 → "5", -250 → "-2,5": basis points as a
 * percentage field shows them and a sentence writes them (add the "%"), the
 * text `percentToBasisPoints` reads back. No Intl: the same text on server
 * and browser.
 */
export function basisPointsToPercentText(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError(`Percentual deve ser inteiro em pontos-base: ${basisPoints}`);
  const sign = basisPoints < 0 ? "-" : "";
  const size = Math.abs(basisPoints);
  const whole = Math.trunc(size / BASIS_POINTS_PER_PERCENT);
  const fraction = String(size % BASIS_POINTS_PER_PERCENT)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction === "" ? "" : `,${fraction}`}`;
}

/** To the nearest multiple of `stepCents` (R$ 10,00 = 1000), by the rule above: a price rounded for a label. */
export function roundCentsTo(cents: number, stepCents: number): number {
  assertCents(cents);
  if (!Number.isSafeInteger(stepCents) || stepCents <= 0) throw new RangeError(`Passo inválido: ${stepCents}`);
  return toSafeCents(roundHalfAwayFromZero(BigInt(cents), BigInt(stepCents)) * BigInt(stepCents));
}

/**
 * A total split in proportion to whole-number weights (the lines' amounts,
 * to spread a discount), in parts that add up to the total exactly. Largest
 * remainder: each part gets its exact share rounded toward zero, then the
 * centavos left over go one each to the parts whose shares lost the most;
 * between equal losses, to the earlier part. So each part is within one
 * centavo of its exact share, and the same input always gives the same parts.
 * A negative total (a refund) is split as its opposite, with signs flipped.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  assertCents(totalCents, "total");
  if (weights.length === 0) throw new RangeError("Informe ao menos uma parte.");
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`Peso inválido: ${weight}`);
  }
  const weightSum = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (weightSum === 0n) throw new RangeError("A soma dos pesos deve ser maior que zero.");
  const sign = totalCents < 0 ? -1n : 1n;
  const total = BigInt(totalCents) * sign;
  const shares = weights.map((weight, index) => {
    const exact = total * BigInt(weight);
    return { index, floor: exact / weightSum, lost: exact % weightSum };
  });
  let leftover = total - shares.reduce((sum, share) => sum + share.floor, 0n);
  const byLoss = [...shares].sort((a, b) => (a.lost === b.lost ? a.index - b.index : a.lost > b.lost ? -1 : 1));
  for (const share of byLoss) {
    if (leftover === 0n) break;
    share.floor += 1n;
    leftover -= 1n;
  }
  return shares.map((share) => toSafeCents(share.floor * sign));
}

/**
 * A total in `count` parts as equal as centavos allow, adding up exactly;
 * the first parts carry the extra centavos: R$ 100,00 in 3 → 33,34 + 33,33 +
 * 33,33 (as a first instalment usually does in Brazil).
 */
export function splitCents(totalCents: number, count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Número de partes inválido: ${count}`);
  return allocateCents(
    totalCents,
    Array.from({ length: count }, () => 1),
  );
}
