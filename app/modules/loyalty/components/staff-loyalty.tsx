import { MessageCircle } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { Panel } from "~/components/ui/panel";
import { SectionTabs } from "~/components/ui/section-tabs";
import { Spinner } from "~/components/ui/spinner";
import { formatDate } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { formatPhone } from "~/lib/phone";
import type { LoyaltyCustomerRow, LoyaltySummary } from "../queries.server";
import { LoyaltyHistory } from "./loyalty-history";
import { LoyaltyStanding } from "./loyalty-standing";
import { pointsText } from "./points-text";

export type StaffLoyaltyView =
  | {
      tab: "levels" | "close";
      level: string | null;
      levels: { name: string; minPoints: number; customers: number }[];
      rows: (LoyaltyCustomerRow & { missingPoints: number | null })[];
      page: number;
      hasNextPage: boolean;
    }
  | {
      tab: "expiring";
      levels: { name: string; minPoints: number; customers: number }[];
      rows: (LoyaltyCustomerRow & { expiringPoints: number; firstExpiry: string; whatsappUrl: string | null })[];
      page: number;
      hasNextPage: boolean;
    }
  | {
      tab: "customer";
      customer: { id: number; name: string; phone: string };
      summary: LoyaltySummary;
      page: number;
      canAdjust: boolean;
      adjustmentKey: string;
    };

const TABS = [
  { to: "/fidelidade", label: "Por nível", isEnd: true },
  { to: "/fidelidade?vista=perto", label: "Perto do próximo nível", isEnd: true },
  { to: "/fidelidade?vista=expirando", label: "Expiram em 30 dias", isEnd: true },
] as const;

function CustomerLink({ row }: { row: LoyaltyCustomerRow }) {
  return (
    <Link className="font-medium text-slate-900 underline" to={`/fidelidade?cliente=${row.customerId}`}>
      {row.name}
    </Link>
  );
}

/** Staff's /fidelidade: customers by level, close to the next one, expiring soon; one customer's ledger and the owner's adjustment. */
export function StaffLoyalty({
  view,
  errors,
  values,
}: {
  view: StaffLoyaltyView;
  errors: FieldErrors;
  values: Record<string, string>;
}) {
  if (view.tab === "customer") return <CustomerLedger view={view} errors={errors} values={values} />;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Fidelidade</h1>
      <SectionTabs label="Listas da fidelidade" tabs={TABS} />
      <ul className="flex flex-wrap gap-2" aria-label="Clientes por nível">
        {view.levels.map((level) => (
          <li key={level.name}>
            <Link
              className="inline-flex min-h-11 items-center rounded-md border border-slate-200 bg-white px-3 text-sm"
              to={`/fidelidade?nivel=${encodeURIComponent(level.name)}`}
            >
              {level.name} ({pointsText(level.minPoints)}+): <strong className="ml-1">{level.customers}</strong>
            </Link>
          </li>
        ))}
      </ul>
      {view.tab === "expiring" ? (
        <ExpiringList rows={view.rows} />
      ) : (
        <LevelList rows={view.rows} isClose={view.tab === "close"} level={view.level} />
      )}
      <Pager
        label="Páginas da lista"
        page={view.page}
        hasNextPage={view.hasNextPage}
        hrefFor={(page) => {
          const params = new URLSearchParams();
          if (view.tab === "close") params.set("vista", "perto");
          if (view.tab === "expiring") params.set("vista", "expirando");
          if (view.tab === "levels" && view.level) params.set("nivel", view.level);
          params.set("pagina", String(page));
          return `/fidelidade?${params}`;
        }}
      />
    </div>
  );
}

function LevelList({
  rows,
  isClose,
  level,
}: {
  rows: (LoyaltyCustomerRow & { missingPoints: number | null })[];
  isClose: boolean;
  level: string | null;
}) {
  const title = isClose ? "Perto do próximo nível" : level ? `Nível ${level}` : "Clientes com nível";
  return (
    <Panel id="lista-fidelidade" title={title}>
      {rows.length === 0 ? (
        <p className="text-slate-700">Nenhum cliente nesta lista.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => (
            <li key={row.customerId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <CustomerLink row={row} /> <span className="text-slate-600">{formatPhone(row.phone)}</span>
              </span>
              <span className="text-slate-800">
                {pointsText(row.points)} · {row.levelName ?? "sem nível"}
                {row.missingPoints !== null && isClose ? ` · faltam ${pointsText(row.missingPoints)}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function ExpiringList({
  rows,
}: {
  rows: (LoyaltyCustomerRow & { expiringPoints: number; firstExpiry: string; whatsappUrl: string | null })[];
}) {
  return (
    <Panel id="lista-expirando" title="Pontos que expiram nos próximos 30 dias">
      {rows.length === 0 ? (
        <p className="text-slate-700">Nenhum ponto expira nos próximos 30 dias.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => (
            <li key={row.customerId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <CustomerLink row={row} /> · {pointsText(row.expiringPoints)} a partir de {formatDate(row.firstExpiry)}
              </span>
              {row.whatsappUrl ? (
                <a
                  className="inline-flex min-h-11 items-center gap-1 text-emerald-800 underline"
                  href={row.whatsappUrl}
                  target="_blank"
                  rel="noreferrer"
                >
                  <MessageCircle aria-hidden className="size-4" /> Avisar pelo WhatsApp
                </a>
              ) : (
                <span className="text-xs text-slate-600">Sem consentimento de marketing</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function CustomerLedger({
  view,
  errors,
  values,
}: {
  view: Extract<StaffLoyaltyView, { tab: "customer" }>;
  errors: FieldErrors;
  values: Record<string, string>;
}) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formData?.get("intent") === "adjust";
  return (
    <div className="space-y-4">
      <p>
        <Link className="text-sm underline" to="/fidelidade">
          ← Fidelidade
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-slate-900">Pontos de {view.customer.name}</h1>
      <p className="text-sm">
        <Link className="underline" to={`/customers/${view.customer.id}`}>
          Ficha do cliente
        </Link>
      </p>
      <Panel id="saldo" title="Saldo e nível">
        <LoyaltyStanding summary={view.summary} />
      </Panel>
      {view.canAdjust ? (
        <Panel id="ajuste" title="Ajuste manual">
          <Form method="post" noValidate className="space-y-3">
            <input type="hidden" name="intent" value="adjust" />
            <input type="hidden" name="idempotencyKey" value={view.adjustmentKey} />
            {errors.form || errors.idempotencyKey ? (
              <Alert tone="destructive">{errors.form ?? errors.idempotencyKey}</Alert>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label="Pontos (negativo para tirar)"
                name="points"
                inputMode="numeric"
                defaultValue={values.points ?? ""}
                required
                error={errors.points}
              />
              <Field
                label="Motivo"
                name="reason"
                defaultValue={values.reason ?? ""}
                required
                maxLength={300}
                error={errors.reason}
              />
            </div>
            <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
              {isSaving ? <Spinner /> : null}
              Registrar ajuste
            </Button>
          </Form>
        </Panel>
      ) : null}
      <Panel id="extrato" title="Extrato">
        <LoyaltyHistory rows={view.summary.history} isStaff />
        <Pager
          label="Páginas do extrato"
          page={view.page}
          hasNextPage={view.summary.hasMoreHistory}
          hrefFor={(page) => `/fidelidade?cliente=${view.customer.id}&pagina=${page}`}
        />
      </Panel>
    </div>
  );
}
