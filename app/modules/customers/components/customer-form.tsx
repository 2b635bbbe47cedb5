import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField } from "~/components/ui/textarea-field";
import { BRAZILIAN_STATES } from "../states";
import type { CustomerSummary } from "../summary";
import { CUSTOMER_LIMITS, type CustomerFieldErrors, type CustomerFormValues } from "../validation";
import { CustomerPicker } from "./customer-picker";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** "—" (none) and every state as "SP — São Paulo". */
const STATE_OPTIONS = [
  { value: "", label: "—" },
  ...BRAZILIAN_STATES.map((state) => ({ value: state.code, label: `${state.code} — ${state.name}` })),
];

function ConsentCheckbox({
  defaultChecked,
  consentedAt,
  error,
}: {
  defaultChecked: boolean;
  consentedAt: string | null;
  error?: string;
}) {
  const id = useId();
  const hint = consentedAt ? `Autorização registrada em ${consentedAt}.` : "A data da autorização é registrada ao salvar.";
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="marketingConsent"
          defaultChecked={defaultChecked}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-slate-800">
          Aceita receber promoções e novidades da loja por WhatsApp e e-mail
        </label>
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * The customer's card, for /customers/new and /customers/:id: the same
 * fields and messages as CustomerSchema, sent as a plain form (works without
 * JavaScript, except for searching the referrer by name).
 */
export function CustomerForm({
  values,
  errors,
  consentedAt,
  referrer,
  isSubmitting,
  submitLabel,
}: {
  values: CustomerFormValues;
  errors: CustomerFieldErrors;
  consentedAt: string | null;
  referrer: CustomerSummary | null;
  isSubmitting: boolean;
  submitLabel: string;
}) {
  /** What each text field takes from its name: the length limit, the value sent back and its message. */
  const fieldProps = (name: keyof typeof CUSTOMER_LIMITS) => ({
    name,
    maxLength: CUSTOMER_LIMITS[name],
    defaultValue: values[name],
    error: errors[name],
  });
  return (
    <Form method="post" noValidate className="space-y-6">
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      {Object.keys(errors).length > 0 && !errors.form ? (
        <Alert tone="destructive">Confira os campos marcados abaixo.</Alert>
      ) : null}

      <Section title="Identificação e contato">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nome" {...fieldProps("name")} autoComplete="off" required className="sm:col-span-2" />
          <Field
            label="WhatsApp"
            {...fieldProps("phone")}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            hint="Com DDD, como (11) 98765-4321."
          />
          <Field
            label="CPF ou CNPJ (opcional)"
            {...fieldProps("document")}
            autoComplete="off"
            hint="Com ou sem pontuação; o CNPJ pode ter letras."
          />
          <Field label="E-mail (opcional)" {...fieldProps("email")} type="email" autoComplete="off" className="sm:col-span-2" />
        </div>
      </Section>

      <Section title="Endereço (opcional)">
        <div className="grid gap-4 sm:grid-cols-6">
          <Field label="CEP" {...fieldProps("cep")} inputMode="numeric" autoComplete="off" className="sm:col-span-2" />
          <Field
            label="Endereço"
            {...fieldProps("address")}
            autoComplete="off"
            hint="Rua, número e complemento."
            className="sm:col-span-4"
          />
          <Field label="Bairro" {...fieldProps("district")} autoComplete="off" className="sm:col-span-2" />
          <Field label="Cidade" {...fieldProps("city")} autoComplete="off" className="sm:col-span-2" />
          <SelectField
            label="Estado"
            name="state"
            options={STATE_OPTIONS}
            defaultValue={values.state ?? ""}
            error={errors.state}
            className="sm:col-span-2"
          />
        </div>
      </Section>

      <Section title="Relacionamento">
        <ConsentCheckbox
          defaultChecked={values.marketingConsent === "on"}
          consentedAt={consentedAt}
          error={errors.marketingConsent}
        />
        <CustomerPicker
          name="referredByCustomerId"
          label="Indicado por (opcional)"
          defaultCustomer={referrer}
          error={errors.referredByCustomerId}
        />
        <TextareaField label="Observações (opcional)" {...fieldProps("notes")} className="[&_textarea]:min-h-24" />
      </Section>

      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <Spinner /> : null}
        {submitLabel}
      </Button>
    </Form>
  );
}
