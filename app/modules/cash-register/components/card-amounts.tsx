import { formatCents } from "~/lib/money";

/**
 * A card payment as the acquirer pays it: the gross the customer paid, the
 * fee the acquirer keeps (its receivables' fees) and the net that reaches the
 * bank. Nothing for an entry without receivables (not a card, or older).
 */
export function CardAmounts({ amountCents, feeCents }: { amountCents: number; feeCents: number | null }) {
  if (feeCents === null || amountCents <= 0) return null;
  return (
    <p className="text-sm tabular-nums text-slate-600" data-testid="card-amounts">
      Bruto {formatCents(amountCents)} · taxa {formatCents(feeCents)} · líquido {formatCents(amountCents - feeCents)}
    </p>
  );
}
