import { Printer } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Panel } from "~/components/ui/panel";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField } from "~/components/ui/textarea-field";
import { formatDate, formatDateTime, shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { formatPhone } from "~/lib/phone";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { WarrantyStatusBadge } from "~/modules/warranties/components/warranty-status-badge";
import { openWarrantyClaim } from "~/modules/warranties/mutations.server";
import { getWarranty } from "~/modules/warranties/queries.server";
import { exclusionLines, LEGAL_WARRANTY_DAYS } from "~/modules/warranty-terms/rules";
import { claimFormInput, WARRANTY_LIMITS } from "~/modules/warranties/validation";
import type { Route } from "./+types/warranty";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Garantia nº ${loaderData.warranty.id} — Garantias — Balcão` : "Garantia — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const warranty = await getWarranty(actor, parseIdParam(params.id), shopToday());
  if (!warranty) throw data({ reason: "not-found" }, { status: 404 });
  return { warranty, claimKey: newIdempotencyKey(), flash: flashOf(context) };
}

type ClaimValues = { reportedDefect?: string; note?: string; isCourtesy?: boolean };

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const warrantyId = parseIdParam(params.id);
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ values: {} as ClaimValues });
  const input = claimFormInput(form);
  const values: ClaimValues = {
    reportedDefect: formText(form, "reportedDefect"),
    note: formText(form, "note"),
    isCourtesy: input.isCourtesy,
  };
  try {
    const claim = await openWarrantyClaim(actor, warrantyId, input);
    return redirectWithFlash(`/service-orders/${claim.serviceOrderId}/edit`, {
      message: `Garantia acionada: OS nº ${claim.serviceOrderId} aberta sem custo, ligada à garantia nº ${warrantyId}.`,
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

/** Field names the claim form shows next to a field; any other refusal (from the new order's own checks) goes on top. */
const CLAIM_FIELDS = new Set(["reportedDefect", "note", "isCourtesy"]);

export default function WarrantyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { warranty, claimKey, flash } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const values: ClaimValues = actionData?.values ?? {};
  const otherErrors = Object.entries(errors).filter(([field]) => !CLAIM_FIELDS.has(field));
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  const { standing } = warranty;
  const origin = warranty.serviceOrderId ? (
    <Link to={`/service-orders/${warranty.serviceOrderId}/edit`} className="text-brand-700 underline underline-offset-2">
      OS nº {warranty.serviceOrderId}
    </Link>
  ) : (
    <Link to={`/cash-register/vendas/${warranty.saleId}`} className="text-brand-700 underline underline-offset-2">
      Venda nº {warranty.saleId}
      {warranty.saleCode ? ` (${warranty.saleCode})` : ""}
    </Link>
  );
  return (
    <div className="space-y-6">
      <nav aria-label="Caminho" className="text-sm">
        <Link to="/warranty-contract" className="text-brand-700 underline underline-offset-2">
          Garantias
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold break-words text-slate-900">
            Garantia nº {warranty.id} · {warranty.itemDescription}
          </h1>
          <WarrantyStatusBadge status={standing.status} daysLeft={standing.daysLeft} />
        </div>
        <ButtonLink to={`/warranty-contract/${warranty.id}/imprimir`} variant="outline" reloadDocument>
          <Printer aria-hidden className="size-4" />
          Imprimir termo
        </ButtonLink>
      </div>

      <FlashAlert flash={flash} />

      <Panel id="garantia-dados" title="Dados da garantia">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item label="Origem">{origin}</Item>
          <Item label="Cliente">
            {warranty.customerId ? (
              <Link to={`/customers/${warranty.customerId}`} className="text-brand-700 underline underline-offset-2">
                {warranty.customerName}
              </Link>
            ) : (
              `${warranty.customerName} (sem cadastro)`
            )}
            {warranty.customerPhone ? ` · ${formatPhone(warranty.customerPhone)}` : ""}
          </Item>
          <Item label="IMEI/série">{warranty.imeiOrSerial || "Não informado"}</Item>
          <Item label="Técnico do reparo">{warranty.technicianName || "—"}</Item>
          <Item label="Garantia contratual">
            {warranty.contractualDays} dias, de {formatDate(warranty.startsOn)} a {formatDate(warranty.endsOn)}
          </Item>
          <Item label="Garantia legal (CDC art. 26)">
            {LEGAL_WARRANTY_DAYS} dias depois da contratual, até {formatDate(standing.legalEndsOn)}
          </Item>
          <Item label="Emitida por">
            {warranty.issuedBy} em {formatDateTime(warranty.createdAt)}
          </Item>
        </dl>
        <div className="grid gap-4 text-sm md:grid-cols-2">
          <div className="space-y-1">
            <h3 className="font-semibold text-slate-900">O que cobre</h3>
            <p className="break-words whitespace-pre-line text-slate-800">{warranty.coverage}</p>
          </div>
          <div className="space-y-1">
            <h3 className="font-semibold text-slate-900">O que não cobre</h3>
            <ul className="list-disc space-y-1 pl-5 text-slate-800">
              {exclusionLines(warranty.exclusions).map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Panel>

      <Panel id="garantia-acionamentos" title={`Acionamentos (${warranty.claims.length})`}>
        {warranty.claims.length === 0 ? (
          <p className="text-sm text-slate-700">Esta garantia ainda não foi acionada.</p>
        ) : (
          <ol className="space-y-2 text-sm" aria-label="Acionamentos da garantia">
            {warranty.claims.map((claim) => (
              <li key={claim.id} className="rounded-md bg-slate-50 px-3 py-2">
                <p className="text-slate-900">
                  <Link
                    to={`/service-orders/${claim.serviceOrderId}/edit`}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    OS nº {claim.serviceOrderId}
                  </Link>{" "}
                  · {claim.statusLabel} · {formatDateTime(claim.createdAt)}
                  {claim.createdBy ? ` · ${claim.createdBy}` : ""}
                </p>
                <p className="break-words text-slate-700">{claim.reportedDefect}</p>
              </li>
            ))}
          </ol>
        )}

        <Form
          // A new form after each claim: the next one starts empty.
          key={warranty.claims.length}
          method="post"
          noValidate
          className="max-w-3xl space-y-3 border-t border-slate-200 pt-4"
        >
          <h3 className="font-semibold text-slate-900">Acionar garantia</h3>
          <p className="text-sm text-slate-700">
            Abre uma nova OS para o mesmo cliente e aparelho, sem custo (sem itens no orçamento), com “
            {warranty.serviceOrderId ? `Garantia da OS nº ${warranty.serviceOrderId}` : `Garantia nº ${warranty.id}`}” nas
            observações.
            {standing.status === "legal-only" ? " A garantia contratual terminou: o atendimento é pela garantia legal." : ""}
          </p>
          <input type="hidden" name="idempotencyKey" value={claimKey} />
          {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
          {otherErrors.length > 0 && !errors.form ? (
            <Alert tone="destructive">{otherErrors.map(([, message]) => message).join(" ")}</Alert>
          ) : null}
          <TextareaField
            label="Defeito relatado"
            name="reportedDefect"
            rows={3}
            required
            maxLength={WARRANTY_LIMITS.reportedDefect}
            defaultValue={values.reportedDefect ?? ""}
            placeholder="Ex.: a tela voltou a piscar."
            error={errors.reportedDefect}
          />
          <TextareaField
            label="Observação (opcional)"
            name="note"
            rows={2}
            maxLength={500}
            defaultValue={values.note ?? ""}
            error={errors.note}
          />
          {standing.status === "expired" ? (
            <div className="space-y-1">
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  name="isCourtesy"
                  defaultChecked={values.isCourtesy ?? false}
                  aria-invalid={errors.isCourtesy ? true : undefined}
                  aria-describedby={errors.isCourtesy ? "cortesia-erro" : "cortesia-dica"}
                  className="size-5"
                />
                Atender como cortesia (fora da garantia)
              </label>
              {errors.isCourtesy ? (
                <p id="cortesia-erro" className="text-sm text-red-700">
                  {errors.isCourtesy}
                </p>
              ) : (
                <p id="cortesia-dica" className="text-sm text-slate-600">
                  A garantia e a garantia legal terminaram: só abra a OS sem custo se a loja decidir atender por cortesia.
                </p>
              )}
            </div>
          ) : null}
          <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
            {isSaving ? <Spinner /> : null}
            Acionar garantia
          </Button>
        </Form>
      </Panel>
    </div>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
