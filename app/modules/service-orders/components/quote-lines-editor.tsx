import { Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage } from "~/components/ui/field";
import { useIsHydrated } from "~/components/ui/use-is-hydrated";
import { cx } from "~/lib/class-names";
import { centsToInput, formatCents, parseMoneyToCents } from "~/lib/money";
import { LINE_KINDS, MAX_LINES, PAYMENT_METHODS, type ServiceOrderFormValues } from "../validation";
import { optionsOf, SelectField } from "~/components/ui/select-field";
import { PartPicker } from "./part-picker";

type Line = ServiceOrderFormValues["lines"][number] & { key: number };

const emptyLine = (key: number): Line => ({
  key,
  kind: "service",
  description: "",
  quantity: "1",
  unitPrice: "",
  productId: "",
  productUnitId: "",
  productLabel: "",
  partOrigin: "",
  stockState: "none",
  expectedArrivalDate: "",
  supplierId: "",
});

function lineTotalCents(line: Line) {
  const price = parseMoneyToCents(line.unitPrice) ?? 0;
  const quantity = /^\d{1,3}$/.test(line.quantity.trim()) ? Number(line.quantity) : 0;
  return price * quantity;
}

/**
 * The quote: rows added and removed in the browser (parallel fields
 * lineKind/lineDescription/…, so nothing needs renumbering), with the total,
 * the discount and, on a new order, the deposit, recomputed as they are
 * typed. Before JavaScript runs, the rows sent by the server plus one empty
 * row work as a plain form.
 */
export function QuoteLinesEditor({
  values,
  errors,
  paidCents,
  isNew,
  suppliers,
}: {
  values: ServiceOrderFormValues;
  errors: Record<string, string>;
  /** Already received (edit page): the balance shown is what is left. */
  paidCents: number;
  isNew: boolean;
  /** The supplier records a part line may name. */
  suppliers: readonly { id: number; name: string }[];
}) {
  const nextKey = useRef(values.lines.length + 1);
  const [lines, setLines] = useState<Line[]>(() => [
    ...values.lines.map((line, index) => ({ ...line, key: index })),
    ...(values.lines.length === 0 ? [emptyLine(values.lines.length)] : []),
  ]);
  const [discount, setDiscount] = useState(values.discount);
  const [deposit, setDeposit] = useState(values.deposit);
  const headingId = useId();
  const isHydrated = useIsHydrated();

  const totalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const discountCents = parseMoneyToCents(discount) ?? 0;
  const depositCents = isNew ? (parseMoneyToCents(deposit) ?? 0) : 0;
  const dueCents = totalCents - discountCents;
  const balanceCents = dueCents - paidCents - depositCents;

  function update(key: number, change: Partial<Line>) {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  }

  return (
    <div className="space-y-4">
      {errors.lines ? <FieldMessage id={`${headingId}-linhas`} error={errors.lines} /> : null}
      <ol aria-label="Linhas do orçamento" className="space-y-3">
        {lines.map((line, index) => (
          <li key={line.key} className="rounded-md border border-slate-200 bg-slate-50 p-3">
            <fieldset className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)_6rem_9rem] sm:items-start">
              <legend className="sr-only">Linha {index + 1}</legend>
              <SelectField
                label="Tipo"
                name="lineKind"
                value={line.kind}
                onChange={(event) => update(line.key, { kind: event.target.value })}
                options={optionsOf(LINE_KINDS)}
                error={errors[`lines.${index}.kind`]}
              />
              <Field
                label="Descrição"
                name="lineDescription"
                value={line.description}
                onChange={(event) => update(line.key, { description: event.target.value })}
                maxLength={200}
                placeholder="Troca de tela, bateria…"
                error={errors[`lines.${index}.description`]}
              />
              <Field
                label="Qtd."
                name="lineQuantity"
                inputMode="numeric"
                value={line.quantity}
                onChange={(event) => update(line.key, { quantity: event.target.value })}
                maxLength={3}
                error={errors[`lines.${index}.quantity`]}
              />
              <Field
                label="Preço unitário (R$)"
                name="lineUnitPrice"
                inputMode="decimal"
                value={line.unitPrice}
                onChange={(event) => update(line.key, { unitPrice: event.target.value })}
                maxLength={20}
                placeholder="0,00"
                error={errors[`lines.${index}.unitPrice`]}
              />
              <input type="hidden" name="lineProductId" value={line.productId} />
              <input type="hidden" name="lineProductUnitId" value={line.productUnitId} />
              <input type="hidden" name="lineProductLabel" value={line.productLabel ?? ""} />
              <input type="hidden" name="linePartOrigin" value={line.partOrigin ?? ""} />
              {line.kind === "part" ? (
                <Field
                  label="Previsão de chegada"
                  name="lineExpectedArrival"
                  type="date"
                  value={line.expectedArrivalDate ?? ""}
                  onChange={(event) => update(line.key, { expectedArrivalDate: event.target.value })}
                  hint="Opcional: quando a peça encomendada deve chegar."
                  error={errors[`lines.${index}.expectedArrivalDate`]}
                />
              ) : (
                <input type="hidden" name="lineExpectedArrival" value="" />
              )}
              {line.kind === "part" ? (
                <SelectField
                  label="Fornecedor"
                  name="lineSupplierId"
                  value={line.supplierId ?? ""}
                  onChange={(event) => update(line.key, { supplierId: event.target.value })}
                  options={[
                    { value: "", label: "Não informado" },
                    ...suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
                  ]}
                  hint="De quem a peça foi comprada: conta nas garantias por fornecedor."
                  error={errors[`lines.${index}.supplierId`]}
                />
              ) : (
                <input type="hidden" name="lineSupplierId" value="" />
              )}
            </fieldset>
            {isHydrated ? (
              <div className="mt-2">
                <PartPicker
                  lineNumber={index + 1}
                  productLabel={line.productId ? line.productLabel || `Produto nº ${line.productId}` : ""}
                  partOrigin={line.partOrigin ?? ""}
                  stockState={line.stockState ?? "none"}
                  error={errors[`lines.${index}.productId`] ?? errors[`lines.${index}.productUnitId`]}
                  onPick={(part) =>
                    update(line.key, {
                      kind: "part",
                      description: part.description,
                      unitPrice: centsToInput(part.unitPriceCents),
                      productId: part.productId,
                      productUnitId: part.productUnitId,
                      productLabel: part.productLabel,
                      partOrigin: part.partOrigin,
                      stockState: "none",
                      // The supplier it was last bought from (when an entry names one); staff may choose another.
                      supplierId: part.supplierId || line.supplierId,
                    })
                  }
                  onUnlink={() =>
                    update(line.key, { productId: "", productUnitId: "", productLabel: "", partOrigin: "", stockState: "none" })
                  }
                />
              </div>
            ) : line.productLabel ? (
              <p className="mt-2 text-sm text-slate-700">Do estoque: {line.productLabel}</p>
            ) : null}
            {!isHydrated && (errors[`lines.${index}.productId`] ?? errors[`lines.${index}.productUnitId`]) ? (
              <FieldMessage
                id={`${headingId}-linha-${index}-produto`}
                error={errors[`lines.${index}.productId`] ?? errors[`lines.${index}.productUnitId`]}
              />
            ) : null}
            <div className="mt-2 flex items-center justify-between gap-3 text-sm text-slate-700">
              <span>
                Subtotal: <strong className="text-slate-900">{formatCents(lineTotalCents(line))}</strong>
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
              >
                <Trash2 aria-hidden className="size-4" />
                Remover<span className="sr-only"> linha {index + 1}</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button
        variant="outline"
        size="sm"
        disabled={lines.length >= MAX_LINES}
        onClick={() => setLines((current) => [...current, emptyLine(nextKey.current++)])}
      >
        <Plus aria-hidden className="size-4" />
        Adicionar linha
      </Button>

      <div className={cx("grid gap-3", isNew ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        <Field
          label="Desconto (R$)"
          name="discount"
          inputMode="decimal"
          value={discount}
          onChange={(event) => setDiscount(event.target.value)}
          maxLength={20}
          placeholder="0,00"
          error={errors.discount}
        />
        {isNew ? (
          <>
            <Field
              label="Sinal recebido agora (R$)"
              name="deposit"
              inputMode="decimal"
              value={deposit}
              onChange={(event) => setDeposit(event.target.value)}
              maxLength={20}
              placeholder="0,00"
              error={errors.deposit}
            />
            <SelectField
              label="Forma de pagamento do sinal"
              name="depositMethod"
              defaultValue={values.depositMethod}
              options={[{ value: "", label: "—" }, ...optionsOf(PAYMENT_METHODS)]}
              error={errors.depositMethod}
            />
          </>
        ) : null}
      </div>

      <p aria-live="polite" className="sr-only">
        Total a pagar: {formatCents(dueCents)}. Saldo: {formatCents(balanceCents)}.
      </p>
      <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-md bg-slate-100 p-3 text-sm">
        <dt className="text-slate-700">Total das linhas</dt>
        <dd className="text-right text-slate-900">{formatCents(totalCents)}</dd>
        <dt className="text-slate-700">Desconto</dt>
        <dd className="text-right text-slate-900">− {formatCents(discountCents)}</dd>
        <dt className="font-semibold text-slate-900">Total a pagar</dt>
        <dd className="text-right font-semibold text-slate-900">{formatCents(dueCents)}</dd>
        {isNew ? (
          <>
            <dt className="text-slate-700">Sinal</dt>
            <dd className="text-right text-slate-900">− {formatCents(depositCents)}</dd>
          </>
        ) : (
          <>
            <dt className="text-slate-700">Já pago</dt>
            <dd className="text-right text-slate-900">− {formatCents(paidCents)}</dd>
          </>
        )}
        <dt className="font-semibold text-slate-900">Saldo</dt>
        <dd className="text-right font-semibold text-slate-900">{formatCents(balanceCents)}</dd>
      </dl>
    </div>
  );
}
