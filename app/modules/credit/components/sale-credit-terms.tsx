import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import type { FieldErrors } from "~/lib/errors";
import { basisPointsToPercentText, parseMoneyToCents } from "~/lib/money";
import {
  CREDIT_LIMITS,
  CreditTermsSchema,
  defaultFirstDueDate,
  disclosureOrProblems,
  FEE_PAID_WITH,
  type CreditSettings,
  type CreditSupplier,
  type CreditTermsForm,
} from "../plan-terms";
import { CreditDisclosurePanel } from "./credit-disclosure";

/** What the sale screen needs to show a crediário's terms: the shop's limits and charges, who lends, and today. */
export type SaleCreditContext = { settings: CreditSettings; supplier: CreditSupplier; today: string };

type SaleCreditValues = CreditTermsForm & { fee: string; feeMethod: string };

/**
 * The crediário's terms on the sale screen (instalments, rate, first due
 * date, and the registration fee with how it is paid, as on /cdc/novo),
 * posted as credit.*, with the disclosure's summary for the part paid by
 * crediário; the sale opens the plan with them.
 */
export function SaleCreditTerms({
  context,
  cashPriceCents,
  financedCents,
  errors,
}: {
  context: SaleCreditContext;
  /** The sale's total. */
  cashPriceCents: number;
  /** What the crediário payments add up to. */
  financedCents: number;
  errors: FieldErrors;
}) {
  const [values, setValues] = useState<SaleCreditValues>({
    instalmentCount: "1",
    monthlyRate: "0",
    firstDueDate: defaultFirstDueDate(context.today),
    fee: "",
    feeMethod: "",
  });
  const set = (name: keyof SaleCreditValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const terms = CreditTermsSchema.safeParse(values);
  const feeCents = parseMoneyToCents(values.fee || "0");
  const preview =
    feeCents === null && financedCents > 0
      ? { disclosure: null, problems: [{ field: "fee", message: "Informe a tarifa como 30,00." }] }
      : terms.success && financedCents > 0
        ? disclosureOrProblems(
            // Payments above the total are refused by the sale itself; here the plan never finances more than the total.
            {
              cashPriceCents,
              downPaymentCents: Math.max(0, cashPriceCents - financedCents),
              feeCents: feeCents ?? 0,
              feeFinanced: values.feeMethod === "financed",
            },
            terms.data,
            context.settings,
            context.supplier,
            context.today,
          )
        : null;
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-900">Condições do crediário</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          label="Parcelas"
          name="credit.instalmentCount"
          type="number"
          inputMode="numeric"
          min={CREDIT_LIMITS.minInstalments}
          max={CREDIT_LIMITS.maxInstalments}
          value={values.instalmentCount}
          onChange={set("instalmentCount")}
          error={errors["credit.instalmentCount"]}
        />
        <Field
          label="Juros ao mês (%)"
          name="credit.monthlyRate"
          inputMode="decimal"
          maxLength={10}
          value={values.monthlyRate}
          onChange={set("monthlyRate")}
          error={errors["credit.monthlyRate"]}
          hint={`Até ${basisPointsToPercentText(context.settings.maxMonthlyRateBasisPoints)}%`}
        />
        <Field
          label="1º vencimento"
          name="credit.firstDueDate"
          type="date"
          value={values.firstDueDate}
          onChange={set("firstDueDate")}
          error={errors["credit.firstDueDate"]}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Tarifa de cadastro (opcional)"
          name="credit.fee"
          inputMode="decimal"
          placeholder="0,00"
          maxLength={20}
          value={values.fee}
          onChange={set("fee")}
          error={errors["credit.fee"]}
          hint="Entra no CET: paga agora, no caixa, ou financiada nas parcelas."
        />
        <SelectField
          label="Tarifa paga em"
          name="credit.feeMethod"
          value={values.feeMethod}
          onChange={set("feeMethod")}
          error={errors["credit.feeMethod"]}
          options={[
            { value: "", label: "Escolha (se houver tarifa)" },
            ...Object.entries(FEE_PAID_WITH).map(([value, label]) => ({ value, label })),
          ]}
        />
      </div>
      {preview?.disclosure ? (
        <CreditDisclosurePanel disclosure={preview.disclosure} compact />
      ) : preview ? (
        <Alert tone="info">{preview.problems.map((problem) => problem.message).join(" ")}</Alert>
      ) : null}
    </fieldset>
  );
}
