import { useId, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField } from "~/components/ui/textarea-field";
import { CustomerPicker, type CustomerSummary } from "~/modules/customers/components/customer-picker";
import { CONDITION_CHECKLIST, DEVICE_TYPES, MIN_WARRANTY_DAYS, UNLOCK_KINDS, type ServiceOrderFormValues } from "../validation";
import { QuoteLinesEditor } from "./quote-lines-editor";
import { optionsOf, SelectField } from "~/components/ui/select-field";
import { lookup } from "~/lib/lookup";

function Section({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      {children}
    </fieldset>
  );
}

const UNLOCK_HINTS: Record<string, string> = {
  "": "",
  pin: "Só números, de 4 a 16.",
  password: "Como o cliente informou (maiúsculas e minúsculas contam).",
  pattern:
    "Numere os pontos de 1 a 9 (da esquerda para a direita, de cima para baixo) e digite a sequência desenhada, ex.: 1-5-9-6.",
};

/**
 * The order's form, the same on the new-order and the edit page: customer,
 * device, condition, unlock code, defect, quote, dates, notes. Every message
 * the server returns appears next to its field. A delivered or cancelled
 * order is shown by ServiceOrderSummary instead: it is no longer editable.
 */
export function ServiceOrderForm({
  values,
  errors,
  customer,
  technicians,
  suppliers,
  isNew,
  hasUnlockCode,
  paidCents,
  today,
  isSubmitting,
}: {
  values: ServiceOrderFormValues;
  errors: Record<string, string>;
  customer: CustomerSummary | null;
  technicians: readonly { value: string; label: string }[];
  /** The supplier records a part line may name ("Fornecedor"). */
  suppliers: readonly { id: number; name: string }[];
  isNew: boolean;
  hasUnlockCode: boolean;
  paidCents: number;
  today: string;
  isSubmitting: boolean;
}) {
  const [unlockKind, setUnlockKind] = useState(values.unlockKind);
  const checklistId = useId();
  const unlockHint =
    !isNew && hasUnlockCode && unlockKind === values.unlockKind
      ? `Já há ${unlockKind === "pattern" ? "um padrão registrado" : "uma senha registrada"}: deixe em branco para manter. ${lookup(UNLOCK_HINTS, unlockKind) ?? ""}`
      : lookup(UNLOCK_HINTS, unlockKind);
  const formErrorCount = Object.keys(errors).length;

  return (
    <Form
      method="post"
      noValidate
      className="space-y-6"
      aria-label={isNew ? "Nova ordem de serviço" : "Dados da ordem de serviço"}
    >
      <input type="hidden" name="intent" value={isNew ? "create" : "save"} />
      {isNew ? <input type="hidden" name="idempotencyKey" value={values.idempotencyKey} /> : null}
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      {formErrorCount > 0 && !errors.form ? (
        <Alert tone="destructive">
          Confira os campos marcados: {formErrorCount === 1 ? "1 problema" : `${formErrorCount} problemas`}.
        </Alert>
      ) : null}
      <div className="space-y-6">
        <Section title="Cliente">
          <CustomerPicker name="customerId" defaultCustomer={customer} error={errors.customerId} />
        </Section>

        <Section title="Aparelho">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <SelectField
              label="Tipo"
              name="deviceType"
              defaultValue={values.deviceType}
              options={optionsOf(DEVICE_TYPES)}
              error={errors.deviceType}
            />
            <Field label="Marca" name="brand" defaultValue={values.brand} maxLength={80} error={errors.brand} />
            <Field label="Modelo" name="model" required defaultValue={values.model} maxLength={120} error={errors.model} />
            <Field
              label="IMEI ou número de série"
              name="imeiOrSerial"
              defaultValue={values.imeiOrSerial}
              maxLength={60}
              autoComplete="off"
              spellCheck={false}
              hint="IMEI: 15 números (*#06# no aparelho)."
              error={errors.imeiOrSerial}
            />
            <Field label="Cor" name="color" defaultValue={values.color} maxLength={40} error={errors.color} />
            <Field
              label="Acessórios deixados"
              name="accessories"
              defaultValue={values.accessories}
              maxLength={300}
              placeholder="Capinha, carregador…"
              error={errors.accessories}
            />
          </div>
        </Section>

        <Section title="Estado e acessórios" description="Marque o que foi conferido na entrada, na frente do cliente.">
          <fieldset aria-describedby={errors.conditionChecklist ? `${checklistId}-error` : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">Checklist de entrada</legend>
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {Object.entries(CONDITION_CHECKLIST).map(([key, label]) => (
                <label
                  key={key}
                  className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-slate-800"
                >
                  <input
                    type="checkbox"
                    name="conditionChecklist"
                    value={key}
                    defaultChecked={values.conditionChecklist.includes(key)}
                    className="size-5 accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
            <FieldMessage id={checklistId} error={errors.conditionChecklist} />
          </fieldset>
          <TextareaField
            label="Observações sobre o estado"
            name="conditionNotes"
            defaultValue={values.conditionNotes}
            maxLength={1000}
            className="[&_textarea]:min-h-20"
            error={errors.conditionNotes}
          />
        </Section>

        <Section
          title="Senha ou padrão de desbloqueio"
          description="Guardada criptografada, mostrada só à equipe quando pedida, e apagada na entrega."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Tipo de bloqueio"
              name="unlockKind"
              value={unlockKind}
              onChange={(event) => setUnlockKind(event.target.value)}
              options={[{ value: "", label: "Sem bloqueio / não informado" }, ...optionsOf(UNLOCK_KINDS)]}
              error={errors.unlockKind}
            />
            {unlockKind ? (
              <Field
                label={unlockKind === "pattern" ? "Sequência do padrão" : unlockKind === "pin" ? "PIN" : "Senha"}
                name="unlockCode"
                defaultValue=""
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                inputMode={unlockKind === "password" ? "text" : "numeric"}
                hint={unlockHint}
                error={errors.unlockCode}
              />
            ) : (
              <input type="hidden" name="unlockCode" value="" />
            )}
          </div>
          {unlockKind === "pattern" ? <PatternGuide /> : null}
        </Section>

        <Section title="Defeito e diagnóstico">
          <TextareaField
            label="Defeito relatado pelo cliente"
            name="reportedDefect"
            required
            defaultValue={values.reportedDefect}
            maxLength={2000}
            className="[&_textarea]:min-h-24"
            error={errors.reportedDefect}
          />
          <TextareaField
            label="Diagnóstico"
            name="diagnosis"
            defaultValue={values.diagnosis}
            maxLength={4000}
            className="[&_textarea]:min-h-24"
            error={errors.diagnosis}
          />
          <SelectField
            label="Técnico"
            name="technicianUserId"
            defaultValue={values.technicianUserId}
            options={[{ value: "", label: "Sem técnico definido" }, ...technicians]}
            error={errors.technicianUserId}
            className="sm:max-w-sm"
          />
        </Section>

        <Section title="Orçamento" description="Serviços e peças; o total e o saldo se atualizam enquanto você digita.">
          <QuoteLinesEditor values={values} errors={errors} paidCents={paidCents} isNew={isNew} suppliers={suppliers} />
        </Section>

        <Section title="Prazo e garantia">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Data prometida"
              name="promisedDate"
              type="date"
              min={isNew ? today : undefined}
              defaultValue={values.promisedDate}
              error={errors.promisedDate}
            />
            <Field
              label="Garantia (dias)"
              name="warrantyDays"
              type="number"
              inputMode="numeric"
              min={MIN_WARRANTY_DAYS}
              max={3650}
              defaultValue={values.warrantyDays}
              hint="A garantia legal mínima é de 90 dias."
              error={errors.warrantyDays}
            />
          </div>
        </Section>

        <Section title="Observações">
          <TextareaField
            label="Observações internas"
            name="notes"
            defaultValue={values.notes}
            maxLength={2000}
            className="[&_textarea]:min-h-20"
            error={errors.notes}
          />
        </Section>
      </div>

      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? <Spinner /> : null}
          {isNew ? "Abrir ordem de serviço" : "Salvar alterações"}
        </Button>
      </div>
    </Form>
  );
}

/** The 3×3 grid with the number of each dot, so the sequence typed means the same to everyone. */
function PatternGuide() {
  return (
    <div className="flex items-center gap-4">
      <div aria-hidden className="grid w-28 grid-cols-3 gap-2 rounded-md border border-slate-200 bg-slate-50 p-2">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((dot) => (
          <span
            key={dot}
            className="flex size-7 items-center justify-center rounded-full bg-white text-sm font-medium text-slate-700 ring-1 ring-slate-300"
          >
            {dot}
          </span>
        ))}
      </div>
      <p className="text-sm text-slate-600">Pontos numerados de 1 (canto superior esquerdo) a 9 (canto inferior direito).</p>
    </div>
  );
}
