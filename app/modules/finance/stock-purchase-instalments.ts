/**
 * A stock purchase owed in `count` instalments (issue 23): equal parts to
 * the centavo, the total ÷ count rounded down, the last one taking what is
 * left, so they add up to the total exactly.
 */
export function stockPurchaseInstalments(totalCents: number, count: number): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`Total inválido: ${totalCents}`);
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Número de parcelas inválido: ${count}`);
  const part = Math.floor(totalCents / count);
  return Array.from({ length: count }, (_, index) => (index === count - 1 ? totalCents - part * (count - 1) : part));
}
