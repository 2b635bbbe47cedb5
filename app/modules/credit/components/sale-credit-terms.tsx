import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/errors";
import { basisPointsToPercentText } from "~/lib/money";
import {
  CREDIT_LIMITS,
  CreditTermsSchema,
  defaultFirstDueDate,
  disclosureOrProblems,
  type CreditSettings,
  type CreditSupplier,
  type CreditTermsForm,
} from "../plan-terms";
import { CreditDisclosurePanel } from "./credit-disclosure";

/** What the sale screen needs to show a crediário's terms: the shop's limits and charges, who lends, and today. */
export type SaleCreditContext = { settings: CreditSettings; supplier: CreditSupplier; today: string };

/**
 * The crediário's terms on the sale screen (instalments, rate, first due
 * date), posted as credit.*, with the disclosure's summary for the part
 * paid by crediário; the sale opens the plan with them.
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
  const [values, setValues] = useState<CreditTermsForm>({
    instalmentCount: "1",
    monthlyRate: "0",
    firstDueDate: defaultFirstDueDate(context.today),
  });
  const set = (name: keyof CreditTermsForm) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const terms = CreditTermsSchema.safeParse(values);
  const preview =
    terms.success && financedCents > 0
      ? disclosureOrProblems(
          // Payments above the total are refused by the sale itself; here the plan never finances more than the total.
          { cashPriceCents, downPaymentCents: Math.max(0, cashPriceCents - financedCents), feeCents: 0 },
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
      {preview?.disclosure ? (
        <CreditDisclosurePanel disclosure={preview.disclosure} compact />
      ) : preview ? (
        <Alert tone="info">{preview.problems.map((problem) => problem.message).join(" ")}</Alert>
      ) : null}
    </fieldset>
  );
}
