import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import type { FieldErrors } from "~/lib/errors";
import { ENTRY_METHOD_LABELS, ENTRY_METHODS } from "../validation";

type Labels = { date: string; account: string; method: string };

const PAID_LABELS: Labels = { date: "Data do pagamento", account: "Conta", method: "Forma" };

/**
 * How money was paid or received: the day (never after today), the account it
 * left or entered, and the method. The caller lays them out (a grid of three)
 * and names them where the form says it differently ("Paga em", "Data do recebimento").
 */
export function PaymentFields({
  accounts,
  today,
  values,
  errors,
  defaultAccountId = null,
  labels = {},
}: {
  accounts: readonly { id: number; name: string }[];
  today: string;
  values: Record<string, string | undefined>;
  errors: FieldErrors;
  defaultAccountId?: number | null;
  labels?: Partial<Labels>;
}) {
  const named = { ...PAID_LABELS, ...labels };
  return (
    <>
      <Field
        label={named.date}
        name="paidDate"
        type="date"
        max={today}
        defaultValue={values.paidDate || today}
        error={errors.paidDate}
      />
      <SelectField
        label={named.account}
        name="accountId"
        defaultValue={values.accountId ?? (defaultAccountId ? String(defaultAccountId) : "")}
        error={errors.accountId}
        options={[
          { value: "", label: "Escolha…" },
          ...accounts.map((account) => ({ value: String(account.id), label: account.name })),
        ]}
      />
      <SelectField
        label={named.method}
        name="method"
        defaultValue={values.method || "pix"}
        error={errors.method}
        options={ENTRY_METHODS.map((method) => ({ value: method, label: ENTRY_METHOD_LABELS[method] ?? method }))}
      />
    </>
  );
}
