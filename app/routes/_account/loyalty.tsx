import { BadgePercent } from "lucide-react";
import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";
import { EmptyState } from "~/components/ui/empty-state";
import { isStaffRole } from "~/modules/accounts/roles";
import { currentUser } from "~/modules/accounts/session.server";
import type { Route } from "./+types/loyalty";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData?.view === "staff"
    ? staffAreaMeta("loyalty")
    : [{ title: "Meus pontos — Balcão" }, { name: "robots", content: "noindex" }];

/** Staff manage the programme; a customer sees their own points (BRIEF §3). */
export function loader({ context }: Route.LoaderArgs) {
  return { view: isStaffRole(currentUser(context).role) ? ("staff" as const) : ("customer" as const) };
}

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "staff") return <StaffAreaPage area="loyalty" />;
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Meus pontos de fidelidade</h1>
      <EmptyState icon={<BadgePercent aria-hidden className="size-10" />} title="Você ainda não tem pontos">
        <p>A cada R$ 200,00 em serviços ou produtos você ganha 10 pontos. Seus pontos, nível e extrato aparecerão aqui.</p>
      </EmptyState>
    </>
  );
}
