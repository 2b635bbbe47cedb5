import { AlertTriangle, ClipboardPlus, Search, ShoppingCart, UserPlus, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { cx } from "~/lib/class-names";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { paymentMethodLabel } from "~/lib/payment-methods";
import { plural } from "~/lib/wording";
import { NO_LOW_STOCK } from "~/modules/inventory/low-stock";
import { STATUS_LABELS } from "~/modules/service-orders/status";
import { dashboardLinks as links } from "../links";
import type { QuickAction, ShopOverview as Overview } from "../overview.server";

const LINK = "font-medium text-brand-700 underline underline-offset-2";
const ICONS: Record<QuickAction["key"], typeof ClipboardPlus> = {
  "new-order": ClipboardPlus,
  "new-sale": ShoppingCart,
  "open-register": Wallet,
  "find-order": Search,
  "new-customer": UserPlus,
};

/** The staff's "Painel": today and this month at a glance, each figure a link to the list that shows its rows. */
export function ShopOverview({ overview, quickActions }: { overview: Overview; quickActions: readonly QuickAction[] }) {
  const { orders, pickups, parts, register, receivables, finance, instalments, lowStock, claims, traffic } = overview;
  const awaitingPartOrders = orders.byStatus.find((row) => row.status === "awaiting_part")?.total ?? 0;
  return (
    <div className="max-w-6xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Painel</h1>
          <p className="text-sm text-slate-600">Hoje, {formatDate(overview.today)}</p>
        </div>
        {quickActions.length > 0 ? (
          <nav aria-label="Ações rápidas" className="flex flex-wrap gap-2">
            {quickActions.map((action, index) => {
              const Icon = ICONS[action.key];
              return (
                <ButtonLink key={action.key} to={action.to} size="sm" variant={index === 0 ? undefined : "outline"}>
                  <Icon aria-hidden className="size-4" /> {action.label}
                </ButtonLink>
              );
            })}
          </nav>
        ) : null}
      </header>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Panel id="painel-ordens" title={`Ordens abertas (${orders.total})`}>
          <ul className="space-y-1 text-sm">
            {orders.byStatus.map((row) => (
              <li key={row.status}>
                <CountLink to={links.ordersByStatus(row.status)} label={STATUS_LABELS[row.status]} count={row.total} />
              </li>
            ))}
          </ul>
        </Panel>

        <Panel id="painel-retirada" title="Prontos para retirada">
          <CountLink to={links.pickups()} label="Aguardando retirada" count={pickups.total} size="large" />
          {pickups.oldestDays !== null ? (
            <p className="text-sm text-slate-700">O mais antigo espera há {plural(pickups.oldestDays, "dia", "dias")}.</p>
          ) : null}
          <ul className="space-y-1 text-sm">
            <li>
              <CountLink
                to={links.pickups(30)}
                label="Há 30 dias ou mais"
                count={pickups.over30}
                tone={pickups.over30 > 0 ? "warn" : "plain"}
              />
            </li>
            <li>
              <CountLink
                to={links.pickups(90)}
                label="Há 90 dias ou mais (abandono)"
                count={pickups.over90}
                tone={pickups.over90 > 0 ? "alert" : "plain"}
              />
            </li>
          </ul>
        </Panel>

        <Panel id="painel-pecas" title="Peças aguardadas">
          <CountLink to={links.ordersByStatus("awaiting_part")} label="Ordens aguardando peça" count={awaitingPartOrders} />
          {parts.lines.length === 0 ? (
            <p className="text-sm text-slate-700">Nenhuma peça encomendada à espera.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {parts.lines.map((line, index) => (
                <li key={`${line.orderId}-${index}`} className="flex justify-between gap-3">
                  <Link to={links.order(line.orderId)} className="min-w-0 truncate text-slate-800 hover:underline">
                    OS nº {line.orderId} · {line.description}
                  </Link>
                  <span className={cx("shrink-0 tabular-nums", line.isLate ? "font-semibold text-red-800" : "text-slate-700")}>
                    {line.expectedArrivalDate
                      ? `${line.isLate ? "atrasada, " : ""}${formatDate(line.expectedArrivalDate)}`
                      : "sem previsão"}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {parts.lineCount > parts.lines.length || parts.lateCount > 0 ? (
            <p className="text-sm text-slate-700">
              {plural(parts.lineCount, "peça aguardada", "peças aguardadas")}
              {parts.lateCount > 0 ? `, ${parts.lateCount} com a previsão vencida` : ""}.
            </p>
          ) : null}
        </Panel>

        <Panel id="painel-caixa" title="Caixa">
          {register.open ? (
            <>
              <p className="text-sm text-slate-700">
                Aberto por {register.open.openedByLabel} em {formatDateTime(register.open.openedAt)}.
              </p>
              <Figure label="Dinheiro na gaveta" cents={register.open.cashInDrawerCents} />
            </>
          ) : (
            <p className="text-sm text-slate-700">O caixa está fechado.</p>
          )}
          <Link to={links.takingsOf(overview.today)} className="block rounded hover:bg-slate-50">
            <Figure label={`Recebido hoje (${register.todayCount})`} cents={register.todayCents} />
          </Link>
          <ul className="space-y-0.5 text-sm text-slate-700" aria-label="Recebido hoje por forma de pagamento">
            {register.todayByMethod.map((row) => (
              <li key={row.method}>
                <Link
                  to={links.takingsOf(overview.today, row.method)}
                  className="flex justify-between gap-3 rounded hover:bg-slate-50 hover:underline"
                >
                  <span>
                    {paymentMethodLabel(row.method)} ({row.count})
                  </span>
                  <span className="tabular-nums">{formatCents(row.cents)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {register.monthCents === null ? null : <Figure label="Recebido no mês" cents={register.monthCents} />}
          {register.lastClose ? (
            <p className="text-sm text-slate-700">
              <Link to={links.closedRegister(register.lastClose.id)} className={LINK}>
                Último fechamento
              </Link>
              {register.lastClose.closedAt ? ` (${formatDateTime(register.lastClose.closedAt)})` : ""}: esperado{" "}
              {formatCents(register.lastClose.expectedCents)}, contado {formatCents(register.lastClose.countedCents)}
              {register.lastClose.countedCents === register.lastClose.expectedCents
                ? "."
                : `, diferença ${formatCents(register.lastClose.countedCents - register.lastClose.expectedCents)}.`}
            </p>
          ) : null}
          <Link to={links.register} className={LINK}>
            {register.open ? "Ir para o caixa" : "Ver o caixa"}
          </Link>
        </Panel>

        <Panel id="painel-receber" title="A receber e a pagar">
          <Link to={links.debtors} className="block rounded hover:bg-slate-50">
            <Figure
              label={`Em atraso (${plural(receivables.overdueCustomers, "cliente", "clientes")})`}
              cents={receivables.overdueCents}
              tone={receivables.overdueCents > 0 ? "alert" : "plain"}
            />
          </Link>
          <Figure label={`Clientes: vence nos próximos ${receivables.horizonDays} dias`} cents={receivables.dueSoonCents} />
          <Link to={links.instalmentsDueToday} className="block rounded hover:bg-slate-50">
            <Figure
              label={`Crediário: ${plural(instalments.plans, "carnê vence", "carnês vencem")} hoje`}
              cents={instalments.cents}
            />
          </Link>
          {finance ? (
            <>
              <Link to={links.financeDue("in", overview.today, overview.horizon)} className="block rounded hover:bg-slate-50">
                <Figure label={`Financeiro a receber na semana (${finance.receivable.count})`} cents={finance.receivable.cents} />
              </Link>
              <Link to={links.financeDue("out", overview.today, overview.horizon)} className="block rounded hover:bg-slate-50">
                <Figure label={`Financeiro a pagar na semana (${finance.payable.count})`} cents={finance.payable.cents} />
              </Link>
            </>
          ) : null}
        </Panel>

        <Panel id="painel-estoque" title="Estoque baixo">
          <CountLink to={links.lowStock} label="Produtos abaixo do mínimo" count={lowStock.total} />
          {lowStock.items.length === 0 ? (
            <p className="text-sm text-slate-700">{NO_LOW_STOCK}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {lowStock.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3">
                  <Link to={links.product(item.id)} className="min-w-0 truncate text-slate-800 hover:underline">
                    {item.name}
                  </Link>
                  <span className="shrink-0 tabular-nums text-slate-700">
                    {item.stockQuantity} / mín. {item.minimumStock}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel id="painel-garantias" title="Garantias acionadas no mês">
          <CountLink to={links.warrantiesClaimed(overview.month)} label="Garantias acionadas" count={claims.total} />
          {claims.byTechnician.length > 0 ? (
            <ul className="space-y-1 text-sm" aria-label="Por técnico">
              {claims.byTechnician.map((row) => (
                <li key={row.technician}>
                  <CountLink
                    to={links.warrantiesClaimed(overview.month, row.technician)}
                    label={row.name}
                    count={row.warranties}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <SupplierClaims month={overview.month} rows={claims.bySupplier} />
        </Panel>

        <Panel id="painel-site" title="Site hoje">
          <ul className="space-y-1 text-sm">
            <li>
              <CountLink to={links.trafficOf(overview.today)} label="Visitas" count={traffic.visits} />
            </li>
            <li>
              <CountLink to={links.trafficOf(overview.today)} label="Cliques no WhatsApp" count={traffic.whatsapp} />
            </li>
          </ul>
        </Panel>
      </div>
    </div>
  );
}

/**
 * "Garantias este mês por fornecedor de peça": each supplier's warranties claimed this month, linked to
 * the warranties list filtered by that supplier (a repair with parts from two suppliers counts for each).
 */
function SupplierClaims({ month, rows }: { month: string; rows: Overview["claims"]["bySupplier"] }) {
  return (
    <div className="mt-3 space-y-1 border-t border-slate-200 pt-3" data-testid="garantias-por-fornecedor">
      <h3 className="text-sm font-semibold text-slate-900">Garantias este mês por fornecedor de peça</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma garantia acionada de reparo com fornecedor informado nas peças.</p>
      ) : (
        <>
          <ul className="space-y-1 text-sm" aria-label="Por fornecedor de peça">
            {rows.map((row) => (
              <li key={row.supplier}>
                <CountLink
                  to={links.warrantiesClaimedFromSupplier(month, row.supplier)}
                  label={row.name}
                  count={row.warranties}
                />
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-600">Uma OS com peças de dois fornecedores conta uma vez para cada um.</p>
        </>
      )}
    </div>
  );
}

/** A label and its count, the whole row one link to the list that shows those rows. */
function CountLink({
  to,
  label,
  count,
  tone = "plain",
  size = "normal",
}: {
  to: string;
  label: ReactNode;
  count: number;
  tone?: "plain" | "warn" | "alert";
  size?: "normal" | "large";
}) {
  return (
    <Link to={to} className="flex items-baseline justify-between gap-3 rounded text-slate-800 hover:bg-slate-50 hover:underline">
      <span className="inline-flex min-w-0 items-center gap-1">
        {tone === "alert" ? <AlertTriangle aria-hidden className="size-4 shrink-0 text-red-700" /> : null}
        {label}
      </span>
      <span
        data-count
        className={cx(
          "shrink-0 font-semibold tabular-nums",
          size === "large" ? "text-3xl font-bold" : "",
          tone === "alert" ? "text-red-800" : tone === "warn" ? "text-amber-800" : "text-slate-900",
        )}
      >
        {count}
      </span>
    </Link>
  );
}

function Figure({ label, cents, tone = "plain" }: { label: string; cents: number; tone?: "plain" | "alert" }) {
  return (
    <p className="flex items-baseline justify-between gap-3 text-sm text-slate-700">
      <span className="inline-flex items-center gap-1">
        {tone === "alert" ? <AlertTriangle aria-hidden className="size-4 text-red-700" /> : null}
        {label}
      </span>
      <span className={tone === "alert" ? "text-lg font-bold text-red-800" : "text-lg font-semibold text-slate-900"}>
        {formatCents(cents)}
      </span>
    </p>
  );
}
