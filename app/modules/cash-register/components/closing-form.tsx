import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { RegisterMethod } from "~/db/schema/cash-register";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/textarea-field";
import { cx } from "~/lib/class-names";
import { centsToInput, formatCents, parseMoneyToCents } from "~/lib/money";
import { denominationField, DENOMINATIONS, denominationsTotalCents } from "../denominations";
import { CHECKED_METHODS, METHOD_LABELS } from "../register-rules";
import { CASH_REGISTER_LIMITS, checkedField, type CloseCashRegisterFormValues } from "../validation";

const countOf = (text: string | undefined) => (text && /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : 0);
const centsOf = (text: string | undefined, fallback: number) =>
  text && text.trim() !== "" ? (parseMoneyToCents(text) ?? 0) : fallback;

function Difference({ cents }: { cents: number }) {
  return (
    <span
      className={cx("tabular-nums font-semibold", cents < 0 ? "text-red-700" : cents > 0 ? "text-amber-800" : "text-emerald-800")}
    >
      {cents > 0 ? "+" : ""}
      {formatCents(cents)}
      <span className="sr-only">{cents < 0 ? " (falta)" : cents > 0 ? " (sobra)" : " (confere)"}</span>
    </span>
  );
}

/**
 * The closing: cash counted by note and coin (or its total), PIX and cards
 * checked against the bank and the card machine (prefilled with what is
 * expected), the difference per method as it is typed, and a note. The
 * server computes it all again; what the browser shows is only a help.
 */
export function ClosingForm({
  registerId,
  methods,
  expected,
  seen,
  idempotencyKey,
  errors,
  values,
}: {
  registerId: number;
  methods: readonly RegisterMethod[];
  expected: Record<RegisterMethod, number>;
  seen: string;
  idempotencyKey: string;
  errors: Record<string, string>;
  values: CloseCashRegisterFormValues | null;
}) {
  const navigation = useNavigation();
  const [mode, setMode] = useState(values?.countMode === "total" ? "total" : "denominations");
  const [counts, setCounts] = useState<Record<string, string>>(values?.denominations ?? {});
  const [total, setTotal] = useState(values?.countedCash ?? "");
  const [checked, setChecked] = useState<Record<string, string>>(
    values?.checked ?? Object.fromEntries(CHECKED_METHODS.map((method) => [method, centsToInput(expected[method])])),
  );
  const countedCash =
    mode === "denominations"
      ? denominationsTotalCents(
          Object.fromEntries(DENOMINATIONS.map(({ cents }) => [String(cents), countOf(counts[String(cents)])])),
        )
      : centsOf(total, 0);
  const countedOf = (method: RegisterMethod) =>
    method === "cash"
      ? countedCash
      : (CHECKED_METHODS as readonly string[]).includes(method)
        ? centsOf(checked[method], expected[method])
        : expected[method];
  const totalDifference = methods.reduce((sum, method) => sum + countedOf(method) - expected[method], 0);
  const fieldError = (...names: string[]) => names.map((name) => errors[name]).find(Boolean);

  return (
    <Form method="post" noValidate className="space-y-6">
      <input type="hidden" name="registerId" value={registerId} />
      <input type="hidden" name="seen" value={seen} />
      <input type="hidden" name="idempotencyKey" value={values?.idempotencyKey || idempotencyKey} />
      {errors.form || errors.idempotencyKey || errors.seen ? (
        <Alert tone="destructive">{errors.form ?? errors.idempotencyKey ?? errors.seen}</Alert>
      ) : null}

      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-lg font-semibold text-slate-900">Dinheiro na gaveta</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ["denominations", "Contar cédulas e moedas"],
              ["total", "Informar o total"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="countMode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="size-5 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </div>
        {fieldError("countMode") ? <p className="text-sm text-red-700">{fieldError("countMode")}</p> : null}
        {mode === "denominations" ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {DENOMINATIONS.map(({ cents, label, kind }) => {
              const name = denominationField(cents);
              const error = errors[`denominations.${cents}`];
              return (
                <div key={cents} className="space-y-1">
                  <label htmlFor={name} className="block text-sm font-medium text-slate-800">
                    {kind === "note" ? `Notas de ${label}` : `Moedas de ${label}`}
                  </label>
                  <input
                    id={name}
                    name={name}
                    inputMode="numeric"
                    pattern="[0-9]*"
                    maxLength={6}
                    placeholder="0"
                    value={counts[String(cents)] ?? ""}
                    onChange={(event) => setCounts((current) => ({ ...current, [String(cents)]: event.target.value }))}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${name}-error` : undefined}
                    className={inputClass}
                  />
                  {error ? (
                    <p id={`${name}-error`} className="text-sm text-red-700">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        ) : (
          <Field
            label="Total contado (R$)"
            name="countedCash"
            inputMode="decimal"
            maxLength={20}
            value={total}
            onChange={(event) => setTotal(event.target.value)}
            error={errors.countedCash}
            className="max-w-xs"
          />
        )}
        <p className="text-slate-800" data-testid="counted-cash">
          Contado: <strong className="tabular-nums">{formatCents(countedCash)}</strong> · esperado{" "}
          <span className="tabular-nums">{formatCents(expected.cash)}</span> · diferença{" "}
          <Difference cents={countedCash - expected.cash} />
        </p>
      </fieldset>

      <section aria-labelledby="fechamento-formas" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="fechamento-formas" className="text-lg font-semibold text-slate-900">
          Esperado e conferido por forma de pagamento
        </h2>
        <ul className="divide-y divide-slate-200" data-testid="closing-methods">
          {methods.map((method) => {
            const isChecked = (CHECKED_METHODS as readonly string[]).includes(method);
            return (
              <li
                key={method}
                className="grid gap-2 py-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end sm:gap-4"
                data-method={method}
              >
                <p className="font-medium text-slate-900">{METHOD_LABELS[method]}</p>
                <p className="text-sm text-slate-700">
                  Esperado <strong className="tabular-nums text-slate-900">{formatCents(expected[method])}</strong>
                </p>
                {isChecked ? (
                  <Field
                    label={`${METHOD_LABELS[method]} conferido (R$)`}
                    name={checkedField(method)}
                    inputMode="decimal"
                    maxLength={20}
                    value={checked[method] ?? ""}
                    onChange={(event) => setChecked((current) => ({ ...current, [method]: event.target.value }))}
                    error={errors[`checked.${method}`]}
                    className="sm:w-48"
                  />
                ) : (
                  <p className="text-sm text-slate-700">
                    {method === "cash" ? "Contado " : "Conferido "}
                    <strong className="tabular-nums text-slate-900">{formatCents(countedOf(method))}</strong>
                  </p>
                )}
                <p className="text-sm text-slate-700">
                  Diferença <Difference cents={countedOf(method) - expected[method]} />
                </p>
              </li>
            );
          })}
        </ul>
        <p className="text-base text-slate-900" data-testid="closing-difference">
          Diferença total: <Difference cents={totalDifference} />
        </p>
      </section>

      <TextareaField
        label="Observação (opcional)"
        name="note"
        maxLength={CASH_REGISTER_LIMITS.note}
        rows={3}
        defaultValue={values?.note ?? ""}
        error={errors.note}
        hint="Explique uma diferença, se houver."
      />
      <Button type="submit" disabled={navigation.state === "submitting"}>
        Fechar caixa
      </Button>
    </Form>
  );
}
