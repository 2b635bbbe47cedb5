import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { basisPointsToPercentText, formatCents } from "~/lib/money";

type Offer = { levelName: string; basisPoints: number; label: string; cents: number; points: number };
type Applied = { levelName: string; basisPoints: number; cents: number };

/**
 * The customer's loyalty level on the order: staff apply the level's
 * discount with one tap (the server checks the level again and computes
 * the amount), or take it off again.
 */
export function LoyaltyDiscountPanel({
  offer,
  applied,
  isLocked,
  error,
}: {
  offer: Offer | null;
  applied: Applied | null;
  isLocked: boolean;
  error?: string;
}) {
  return (
    <div className="space-y-3" data-testid="loyalty-discount">
      {error ? <Alert tone="destructive">{error}</Alert> : null}
      {applied ? (
        <p className="text-slate-900">
          Aplicado: <strong>{`Desconto ${applied.levelName} ${basisPointsToPercentText(applied.basisPoints)}%`}</strong> (−{" "}
          {formatCents(applied.cents)})
        </p>
      ) : null}
      {isLocked ? null : applied ? (
        <Form method="post">
          <input type="hidden" name="intent" value="loyalty-discount-remove" />
          <Button type="submit" variant="outline">
            Tirar o desconto de fidelidade
          </Button>
        </Form>
      ) : offer ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="loyalty-discount" />
          <input type="hidden" name="basisPoints" value={offer.basisPoints} />
          <p className="text-sm text-slate-700">
            Cliente nível {offer.levelName} ({offer.points.toLocaleString("pt-BR")} pontos): desconto no serviço completo, mão de
            obra e peças.
          </p>
          <Button type="submit">
            Aplicar {offer.label} (− {formatCents(offer.cents)})
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">Sem desconto de fidelidade: o cliente ainda não tem nível no programa.</p>
      )}
    </div>
  );
}
