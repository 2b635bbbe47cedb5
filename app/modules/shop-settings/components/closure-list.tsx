import { Plus, Trash2 } from "lucide-react";
import { useRef, useState, type MouseEvent } from "react";
import { flushSync } from "react-dom";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/errors";
import { CLOSURE_INTENTS, SHOP_SETTINGS_LIMITS, type ShopSettingsFormValues } from "../validation";

/**
 * The holidays and closures: one row per date, "Adicionar outra data" and
 * each row's "Remover". In the browser they add and remove rows at once;
 * before JavaScript runs they post the form with their intent, and the page
 * comes back with the row added or removed and nothing saved. Inputs are
 * named by position (closures.N.*), so the rows after a removed one move up.
 */
export function ClosureList({ rows, values, errors }: { rows: number; values: ShopSettingsFormValues; errors: FieldErrors }) {
  // Each row keeps its key while rows around it come and go: what was typed in it stays in it.
  const [keys, setKeys] = useState(() => Array.from({ length: rows }, (_, index) => index));
  const nextKey = useRef(rows);
  const list = useRef<HTMLOListElement>(null);

  function add(event: MouseEvent) {
    event.preventDefault();
    const key = nextKey.current++;
    // Drawn now, so the new row's date takes the focus: the keyboard goes on where the row appeared.
    flushSync(() => setKeys((current) => [...current, key]));
    list.current?.querySelector<HTMLInputElement>(`[data-row="${key}"] input[type="date"]`)?.focus();
  }

  function remove(event: MouseEvent, key: number) {
    event.preventDefault();
    setKeys((current) => (current.length === 1 ? [nextKey.current++] : current.filter((other) => other !== key)));
  }

  const isFull = keys.length >= SHOP_SETTINGS_LIMITS.closures;
  return (
    <div className="space-y-3">
      {errors.closures ? <Alert tone="destructive">{errors.closures}</Alert> : null}
      <ol ref={list} className="space-y-3">
        {keys.map((key, position) => {
          const date = `closures.${position}.date`;
          const reason = `closures.${position}.reason`;
          // Only the rows the page was drawn with have typed or stored values; a row added here starts blank.
          const initial = key < rows ? key : null;
          return (
            <li key={key} data-row={key} className="grid items-start gap-3 sm:grid-cols-[12rem_1fr_auto]">
              <Field
                label={`Data ${position + 1}`}
                type="date"
                name={date}
                defaultValue={initial === null ? "" : (values[`closures.${initial}.date`] ?? "")}
                error={errors[date]}
              />
              <Field
                label={`Motivo ${position + 1}`}
                name={reason}
                placeholder="Ex.: Natal"
                maxLength={SHOP_SETTINGS_LIMITS.closureReason}
                defaultValue={initial === null ? "" : (values[`closures.${initial}.reason`] ?? "")}
                error={errors[reason]}
              />
              <Button
                type="submit"
                name="intent"
                value={`${CLOSURE_INTENTS.remove}${position}`}
                variant="ghost"
                className="sm:mt-7"
                onClick={(event) => remove(event, key)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Remover<span className="sr-only"> a data {position + 1}</span>
              </Button>
            </li>
          );
        })}
      </ol>
      {isFull ? (
        <p className="text-sm text-slate-700">A lista tem o máximo de {SHOP_SETTINGS_LIMITS.closures} datas.</p>
      ) : (
        <Button type="submit" name="intent" value={CLOSURE_INTENTS.add} variant="outline" onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Adicionar outra data
        </Button>
      )}
    </div>
  );
}
