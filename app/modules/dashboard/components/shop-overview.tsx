import { AlertTriangle, ClipboardPlus, PackageSearch, Search, ShoppingCart, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { daysBetween, formatDate, formatDateTime, shopToday } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { NO_LOW_STOCK } from "~/modules/inventory/low-stock";
import { STATUS_LABELS } from "~/modules/service-orders/status";
import type { ShopOverview as Overview } from "../overview.server";
import { plural } from "~/lib/wording";

const LINK = "font-medium text-brand-700 underline underline-offset-2";

/** The staff's "Painel": today and this month at a glance, each figure a link to where it is worked on. */
export function ShopOverview({ overview }: { overview: Overview }) {
  const { orders, register, takings, receivables, lowStock } = overview;
  const readyTotal = orders.byStatus.find((row) => row.status === "ready")?.total ?? 0;
  return (
    <div className="max-w-6xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Painel</h1>
          <p className="text-sm text-slate-600">Hoje, {formatDate(overview.today)}</p>
        </div>
        <nav aria-label="Ações rápidas" className="flex flex-wrap gap-2">
          <ButtonLink to="/new-service-order" size="sm">
            <ClipboardPlus aria-hidden className="size-4" /> Nova OS
          </ButtonLink>
          <ButtonLink to="/cash-register/venda" size="sm" variant="outline">
            <ShoppingCart aria-hidden className="size-4" /> Nova venda
          </ButtonLink>
          <ButtonLink to="/service-orders/search" size="sm" variant="outline">
            <Search aria-hidden className="size-4" /> Buscar OS
          </ButtonLink>
          <ButtonLink to="/customers/new" size="sm" variant="outline">
            <UserPlus aria-hidden className="size-4" /> Novo cliente
          </ButtonLink>
        </nav>
      </header>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Panel id="painel-caixa" title="Caixa">
          {register ? (
            <>
              <p className="text-sm text-slate-700">
                Aberto por {register.openedByLabel} em {formatDateTime(register.openedAt)}.
              </p>
              <Figure label="Dinheiro na gaveta" cents={register.cashInDrawerCents} />
            </>
          ) : (
            <p className="text-sm text-slate-700">O caixa está fechado.</p>
          )}
          <Figure label="Recebido hoje" cents={takings.todayCents} />
          {takings.monthCents === null ? null : <Figure label="Recebido no mês" cents={takings.monthCents} />}
          <Link to="/cash-register" className={LINK}>
            {register ? "Ir para o caixa" : "Abrir o caixa"}
          </Link>
        </Panel>

        <Panel id="painel-ordens" title={`Ordens abertas (${orders.total})`}>
          <ul className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {orders.byStatus.map((row) => (
              <li key={row.status} className="contents">
                <Link to={`/service-orders?status=${row.status}`} className="text-slate-800 hover:underline">
                  {STATUS_LABELS[row.status]}
                </Link>
                <span className="text-right font-semibold tabular-nums text-slate-900">{row.total}</span>
              </li>
            ))}
          </ul>
          <Link to="/service-orders" className={LINK}>
            Ver todas as ordens
          </Link>
        </Panel>

        <Panel id="painel-retirada" title="Prontos para retirada">
          <p className="text-3xl font-bold tabular-nums text-slate-900">{readyTotal}</p>
          {orders.oldestReadySince ? (
            <p className="text-sm text-slate-700">
              O mais antigo espera há{" "}
              {plural(Math.max(0, daysBetween(shopToday(new Date(orders.oldestReadySince)), overview.today)), "dia", "dias")}.
            </p>
          ) : null}
          <Link to="/pending-pickups" className={LINK}>
            Avisar clientes
          </Link>
        </Panel>

        <Panel id="painel-receber" title="A receber">
          <Figure label="Em atraso" cents={receivables.overdueCents} tone={receivables.overdueCents > 0 ? "alert" : "plain"} />
          <Figure label={`Vence nos próximos ${receivables.horizonDays} dias`} cents={receivables.dueSoonCents} />
          {receivables.typedOverdueCents !== null &&
          receivables.typedDueSoonCents !== null &&
          receivables.typedOverdueCents + receivables.typedDueSoonCents > 0 ? (
            <p className="text-sm text-slate-700">
              Lançamentos a receber no Financeiro: {formatCents(receivables.typedOverdueCents)} vencidos,{" "}
              {formatCents(receivables.typedDueSoonCents)} nos próximos {receivables.horizonDays} dias.
            </p>
          ) : null}
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <Link to="/devedores" className={LINK}>
              Devedores
            </Link>
            {overview.withFinance ? (
              <Link to="/financial-management" className={LINK}>
                Financeiro
              </Link>
            ) : null}
          </p>
        </Panel>

        <Panel id="painel-estoque" title="Estoque baixo">
          {lowStock.items.length === 0 ? (
            <p className="text-sm text-slate-700">{NO_LOW_STOCK}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {lowStock.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3">
                  <Link to={`/inventory/${item.id}`} className="min-w-0 truncate text-slate-800 hover:underline">
                    {item.name}
                  </Link>
                  <span className="shrink-0 tabular-nums text-slate-700">
                    {item.stockQuantity} / mín. {item.minimumStock}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/inventory?estoque=baixo" className={`${LINK} inline-flex items-center gap-1`}>
            <PackageSearch aria-hidden className="size-4" />
            {lowStock.hasMore ? "Ver a lista completa" : "Abrir o estoque"}
          </Link>
        </Panel>
      </div>
    </div>
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
