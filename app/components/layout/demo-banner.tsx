import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { Role } from "~/modules/accounts/roles";
import { DEMO_DATA_PAGE } from "~/modules/demo/demo-data-page";

/** What the staff frame knows about the shop's demo state (from the settings row). */
export type DemoState = { hasDemoData: boolean; isDetailsConfirmed: boolean };

const linkClass = "font-semibold whitespace-nowrap underline underline-offset-2 hover:text-amber-800";

/**
 * Above every staff page while the shop still shows the fictional identity or
 * holds demo rows: said plainly, with the way out (the owner's pages; staff
 * are told to ask the owner, who alone may open them).
 */
export function DemoBanner({ state, role }: { state: DemoState; role: Role }) {
  if (state.isDetailsConfirmed && !state.hasDemoData) return null;
  const isOwner = role === "owner";
  return (
    <aside aria-label="Loja em demonstração" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
      <div className="mx-auto flex max-w-6xl gap-2">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <div className="space-y-1">
          {!state.isDetailsConfirmed ? (
            <p>
              Os dados da loja ainda são os fictícios da demonstração: os documentos impressos saem com “DEMONSTRAÇÃO” e o site
              diz que é de demonstração.{" "}
              {isOwner ? (
                <Link to="/configuracoes" className={linkClass}>
                  Confirmar os dados da loja
                </Link>
              ) : (
                "Peça ao proprietário para confirmar os dados da loja."
              )}
            </p>
          ) : null}
          {state.hasDemoData ? (
            <p>
              Há dados de demonstração no sistema (clientes, ordens de serviço, avaliações, posts).{" "}
              {isOwner ? (
                <Link to={DEMO_DATA_PAGE} className={linkClass}>
                  Apagar dados de demonstração
                </Link>
              ) : (
                "O proprietário pode apagá-los."
              )}
            </p>
          ) : null}
        </div>
      </div>
    </aside>
  );
}
