import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "~/lib/dates";

type Links = {
  warranty: { id: number; endsOn: string } | null;
  claims: { id: number; serviceOrderId: number }[];
  claimOf: { warrantyId: number; serviceOrderId: number | null; saleId: number | null } | null;
};

const linkClass = "font-medium text-brand-700 underline underline-offset-2";

/**
 * An order's warranties at the top of its page: the warranty it carries and
 * the claims that came back under it; for an order a claim opened, what it
 * is the warranty of ("Garantia da OS nº 42"); for a delivered order without
 * one, the link to issue it.
 */
export function OrderWarrantyLinks({ orderId, isDelivered, links }: { orderId: number; isDelivered: boolean; links: Links }) {
  const { warranty, claims, claimOf } = links;
  if (!warranty && !claimOf && !isDelivered) return null;
  return (
    <div
      className="space-y-1 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-slate-900"
      data-testid="order-warranty"
    >
      {claimOf ? (
        <p className="flex flex-wrap items-center gap-x-1">
          <ShieldCheck aria-hidden className="size-4 text-emerald-800" />
          <strong>
            {claimOf.serviceOrderId ? (
              <>
                Garantia da{" "}
                <Link to={`/service-orders/${claimOf.serviceOrderId}/edit`} className={linkClass}>
                  OS nº {claimOf.serviceOrderId}
                </Link>
              </>
            ) : (
              `Garantia da venda nº ${claimOf.saleId}`
            )}
          </strong>
          ·{" "}
          <Link to={`/warranty-contract/${claimOf.warrantyId}`} className={linkClass}>
            garantia nº {claimOf.warrantyId}
          </Link>
        </p>
      ) : null}
      {warranty ? (
        <p className="flex flex-wrap items-center gap-x-1">
          <ShieldCheck aria-hidden className="size-4 text-emerald-800" />
          <Link to={`/warranty-contract/${warranty.id}`} className={linkClass}>
            Garantia nº {warranty.id}
          </Link>
          <span>até {formatDate(warranty.endsOn)}</span>
          {claims.length > 0 ? (
            <span>
              · Acionada em:{" "}
              {claims.map((claim, index) => (
                <span key={claim.id}>
                  {index > 0 ? ", " : ""}
                  <Link to={`/service-orders/${claim.serviceOrderId}/edit`} className={linkClass}>
                    OS nº {claim.serviceOrderId}
                  </Link>
                </span>
              ))}
            </span>
          ) : null}
        </p>
      ) : isDelivered && !claimOf ? (
        <p>
          Esta OS não tem garantia.{" "}
          <Link to={`/warranty-contract/nova?os=${orderId}`} className={linkClass}>
            Emitir garantia
          </Link>
        </p>
      ) : null}
    </div>
  );
}
