import { Plus } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import type { FieldErrors } from "~/lib/errors";
import { formatCents } from "~/lib/money";
import { PaymentFields } from "~/modules/finance/components/payment-fields";
import { SupplierSelect } from "~/modules/finance/components/supplier-select";
import {
  MAX_STOCK_PURCHASE_INSTALMENTS,
  STOCK_PURCHASE_PAYMENT_LABELS,
  STOCK_PURCHASE_PAYMENTS,
} from "~/modules/finance/validation";
import { MAX_UNITS_PER_ENTRY, PRODUCT_LIMITS } from "../validation";
import { Section } from "./section";

type Values = Record<string, string>;
type FormState = { values: Values; errors: FieldErrors };

/** What a stock entry form needs to say how the purchase was bought. */
export type PurchaseOptions = {
  suppliers: readonly { id: number; name: string }[];
  accounts: readonly { id: number; name: string }[];
  today: string;
};

/**
 * How goods received were bought (issue 23): already paid (from which
 * account, when, how) or owed to a supplier (first due date, instalments).
 * The choice has no default: the owner says it. Without JavaScript both
 * groups show; the server reads the one chosen.
 */
function PurchaseTermsFields({ options, values, errors }: { options: PurchaseOptions; values: Values; errors: FieldErrors }) {
  const [payment, setPayment] = useState(values.payment ?? "");
  return (
    <div className="space-y-4">
      <SupplierSelect
        suppliers={options.suppliers}
        defaultValue={values.supplierId ?? ""}
        error={errors.supplierId}
        emptyLabel="Sem fornecedor cadastrado"
      />
      <fieldset aria-describedby={errors.payment ? "payment-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">A compra</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {STOCK_PURCHASE_PAYMENTS.map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="payment"
                value={value}
                checked={payment === value}
                onChange={() => setPayment(value)}
                className="size-5 accent-brand-700"
              />
              {STOCK_PURCHASE_PAYMENT_LABELS[value]}
            </label>
          ))}
        </div>
        {errors.payment ? (
          <p id="payment-error" className="text-sm text-red-700">
            {errors.payment}
          </p>
        ) : null}
      </fieldset>
      {payment !== "owed" ? (
        <div className="grid gap-4 @lg:grid-cols-3">
          <PaymentFields
            accounts={options.accounts}
            today={options.today}
            values={values}
            errors={errors}
            labels={{ date: "Paga em", account: "Paga da conta", method: "Forma do pagamento" }}
          />
        </div>
      ) : null}
      {payment !== "paid" ? (
        <div className="grid gap-4 @xs:grid-cols-2">
          <Field
            label="Vencimento (primeira parcela)"
            name="dueDate"
            type="date"
            defaultValue={values.dueDate ?? ""}
            error={errors.dueDate}
          />
          <Field
            label="Parcelas"
            name="instalments"
            inputMode="numeric"
            maxLength={2}
            defaultValue={values.instalments || "1"}
            error={errors.instalments}
            hint={`1 a ${MAX_STOCK_PURCHASE_INSTALMENTS}, uma por mês; a última leva os centavos que sobrarem.`}
          />
        </div>
      ) : null}
    </div>
  );
}

const NO_STATE: FormState = { values: {}, errors: {} };

/** One stock form: its card, the post with its intent, the form's message and the submit button. */
function StockFormCard({
  title,
  description,
  intent,
  idempotencyKey,
  errors,
  submitLabel,
  isSubmitting,
  children,
}: {
  title: string;
  description: string;
  intent: string;
  /** The form's idempotency key: a double submission moves stock once. */
  idempotencyKey: string;
  errors: FieldErrors;
  submitLabel: string;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  return (
    <Section title={title} description={description}>
      <Form method="post" noValidate className="@container space-y-4">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <FormAlert errors={errors} />
        {children}
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
      </Form>
    </Section>
  );
}

function FormAlert({ errors }: { errors: FieldErrors }) {
  if (errors.form) return <Alert tone="destructive">{errors.form}</Alert>;
  return Object.keys(errors).length > 0 ? <Alert tone="destructive">Confira os campos marcados.</Alert> : null;
}

/** A purchase received: quantity, cost per unit and supplier. */
export function StockEntryForm({
  state = NO_STATE,
  isSubmitting,
  idempotencyKey,
  options,
}: {
  state?: FormState;
  isSubmitting: boolean;
  idempotencyKey: string;
  options: PurchaseOptions;
}) {
  const { values, errors } = state;
  return (
    <StockFormCard
      title="Entrada de estoque"
      description="Mercadoria recebida: a quantidade soma ao estoque, o custo entra no custo médio e a compra vai ao financeiro, paga ou a pagar."
      intent="entry"
      idempotencyKey={idempotencyKey}
      errors={errors}
      submitLabel="Registrar entrada"
      isSubmitting={isSubmitting}
    >
      <div className="grid gap-4 @xs:grid-cols-2">
        <Field
          label="Quantidade"
          name="quantity"
          defaultValue={values.quantity}
          error={errors.quantity}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          required
        />
        <Field
          label="Custo unitário"
          name="unitCostCents"
          defaultValue={values.unitCostCents}
          error={errors.unitCostCents}
          inputMode="decimal"
          autoComplete="off"
          maxLength={PRODUCT_LIMITS.priceCents}
          hint="Como 12,50."
        />
      </div>
      <PurchaseTermsFields options={options} values={values} errors={errors} />
    </StockFormCard>
  );
}

/** Serialised units received: one row per unit, each with its IMEI/serial and cost. */
export function SerialisedEntryForm({
  state = NO_STATE,
  isSubmitting,
  idempotencyKey,
  options,
}: {
  state?: FormState;
  isSubmitting: boolean;
  idempotencyKey: string;
  options: PurchaseOptions;
}) {
  const { values, errors } = state;
  const typedRows = Object.keys(values).filter((name) => /^units\.\d+\.serial$/.test(name)).length;
  const [rows, setRows] = useState(Math.max(1, typedRows));
  return (
    <StockFormCard
      title="Entrada de unidades"
      description="Cada aparelho com seu IMEI (ou número de série) e o custo pago por ele."
      intent="serial-entry"
      idempotencyKey={idempotencyKey}
      errors={errors}
      submitLabel="Registrar unidades"
      isSubmitting={isSubmitting}
    >
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="grid gap-4 @xs:grid-cols-2">
          <Field
            label={`IMEI ou número de série ${rows > 1 ? index + 1 : ""}`.trim()}
            name={`units.${index}.serial`}
            defaultValue={values[`units.${index}.serial`]}
            error={errors[`units.${index}.serial`]}
            autoComplete="off"
            maxLength={40}
            required
          />
          <Field
            label="Custo da unidade"
            name={`units.${index}.costCents`}
            defaultValue={values[`units.${index}.costCents`]}
            error={errors[`units.${index}.costCents`]}
            inputMode="decimal"
            autoComplete="off"
            maxLength={PRODUCT_LIMITS.priceCents}
          />
        </div>
      ))}
      {rows < MAX_UNITS_PER_ENTRY ? (
        <Button variant="outline" size="sm" onClick={() => setRows(rows + 1)}>
          <Plus aria-hidden className="size-4" />
          Mais uma unidade
        </Button>
      ) : null}
      <PurchaseTermsFields options={options} values={values} errors={errors} />
    </StockFormCard>
  );
}

/** A correction of the quantity, with why (breakage, loss, found). */
export function StockAdjustmentForm({
  state = NO_STATE,
  isSubmitting,
  idempotencyKey,
}: {
  state?: FormState;
  isSubmitting: boolean;
  idempotencyKey: string;
}) {
  const { values, errors } = state;
  return (
    <StockFormCard
      title="Ajuste de estoque"
      description="Quebra, perda, avaria ou mercadoria encontrada. Use -2 para tirar e 2 para pôr."
      intent="adjustment"
      idempotencyKey={idempotencyKey}
      errors={errors}
      submitLabel="Registrar ajuste"
      isSubmitting={isSubmitting}
    >
      <div className="grid gap-4">
        <Field
          label="Quantidade (+ ou -)"
          name="quantity"
          defaultValue={values.quantity}
          error={errors.quantity}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          required
        />
        <Field
          label="Motivo"
          name="reason"
          defaultValue={values.reason}
          error={errors.reason}
          autoComplete="off"
          maxLength={PRODUCT_LIMITS.reason}
          required
        />
      </div>
    </StockFormCard>
  );
}

type Unit = { id: number; serial: string; costCents: number; status: string };

/** A serialised product's units in the shop, and writing one off (stolen, broken) with a reason. */
export function UnitsInShop({
  units,
  state = NO_STATE,
  isSubmitting,
  idempotencyKey,
}: {
  units: Unit[];
  state?: FormState;
  isSubmitting: boolean;
  idempotencyKey: string;
}) {
  const { values, errors } = state;
  return (
    <Section title={`Unidades em estoque (${units.length})`}>
      {units.length === 0 ? (
        <p className="text-slate-700">Nenhuma unidade em estoque.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {units.map((unit) => (
            <li key={unit.id} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
              <span className="font-mono break-all">{unit.serial}</span>
              <span className="text-slate-700">
                {formatCents(unit.costCents)}
                {unit.status === "reserved" ? " · reservada para OS" : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      {units.length > 0 ? (
        <Form method="post" noValidate className="@container space-y-4">
          <input type="hidden" name="intent" value="write-off" />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <FormAlert errors={errors} />
          <div className="grid gap-4 @xs:grid-cols-2">
            <SelectField
              label="Dar baixa na unidade"
              name="unitId"
              defaultValue={values.unitId ?? ""}
              error={errors.unitId}
              options={[
                { value: "", label: "Escolha…" },
                ...units.map((unit) => ({ value: String(unit.id), label: unit.serial })),
              ]}
            />
            <Field
              label="Motivo"
              name="reason"
              defaultValue={values.reason}
              error={errors.reason}
              autoComplete="off"
              maxLength={PRODUCT_LIMITS.reason}
            />
          </div>
          <Button type="submit" variant="outline" disabled={isSubmitting}>
            Dar baixa
          </Button>
        </Form>
      ) : null}
    </Section>
  );
}
