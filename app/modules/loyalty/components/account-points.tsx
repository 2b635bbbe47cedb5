import { ButtonLink } from "~/components/ui/button";
import type { LoyaltySummary } from "../queries.server";
import { pointsText } from "./points-text";

/** "Minha conta": the customer's points and level at a glance, with the way to the whole statement. */
export function AccountPoints({ loyalty }: { loyalty: Pick<LoyaltySummary, "points" | "level" | "next" | "isEnabled"> | null }) {
  if (!loyalty || !loyalty.isEnabled) return null;
  return (
    <section aria-labelledby="saldo-de-pontos" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="saldo-de-pontos" className="text-lg font-semibold text-slate-900">
        Meus pontos
      </h2>
      <p className="text-slate-800">
        <strong data-testid="account-points">{pointsText(loyalty.points)}</strong>
        {" · "}Nível {loyalty.level?.name ?? "—"}
        {loyalty.next ? ` · faltam ${pointsText(loyalty.next.missingPoints)} para ${loyalty.next.level.name}` : ""}
      </p>
      <ButtonLink to="/fidelidade" variant="outline">
        Ver extrato e validade
      </ButtonLink>
    </section>
  );
}
