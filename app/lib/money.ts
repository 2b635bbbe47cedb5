/** Money is integer centavos everywhere; this is the one way to show and read it. */
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 12345 → "R$ 123,45" */
export function formatCents(cents: number) {
  return brl.format(cents / 100);
}

/**
 * What a person types in a money field → centavos, or null when it is not an
 * amount: "1.234,56", "1234,5", "R$ 10", "10.50" (a lone dot followed by two
 * digits is read as decimals, as a pasted value would be).
 */
export function parseMoneyToCents(input: string): number | null {
  const text = input.replace(/R\$|\s/g, "");
  if (text === "") return null;
  let normalised: string;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(text) || /^\d+(,\d{1,2})?$/.test(text)) {
    normalised = text.replace(/\./g, "").replace(",", ".");
  } else if (/^\d+\.\d{1,2}$/.test(text)) {
    normalised = text;
  } else {
    return null;
  }
  const cents = Math.round(Number(normalised) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 12345 → "123,45", for a money field's value. */
export function centsToInput(cents: number) {
  return (cents / 100).toFixed(2).replace(".", ",");
}
