import type { RegisterMethod } from "~/db/schema/cash-register";
import { formatCents } from "~/lib/money";
import { METHOD_LABELS } from "../register-rules";

/** What the register should hold per method: cash from the float and its entries, the others their entries. */
export function MethodTotals({
  methods,
  expected,
  openingFloatCents,
}: {
  methods: readonly RegisterMethod[];
  expected: Record<RegisterMethod, number>;
  openingFloatCents: number | null;
}) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="method-totals">
      {openingFloatCents !== null ? (
        <div className="rounded-md border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">Fundo de troco</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatCents(openingFloatCents)}</dd>
        </div>
      ) : null}
      {methods.map((method) => (
        <div key={method} className="rounded-md border border-slate-200 bg-white p-3" data-method={method}>
          <dt className="text-sm text-slate-600">{method === "cash" ? "Dinheiro esperado no caixa" : METHOD_LABELS[method]}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatCents(expected[method])}</dd>
        </div>
      ))}
    </dl>
  );
}
