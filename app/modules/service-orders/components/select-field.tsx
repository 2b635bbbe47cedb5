import { useId, type ComponentProps } from "react";
import { FieldMessage, inputClass } from "~/components/ui/field";
import { cx } from "~/lib/class-names";

/** Field's counterpart for a choice among a few options: a labelled <select> with its hint or error. */
export function SelectField({
  label,
  error,
  hint,
  options,
  className,
  ...select
}: ComponentProps<"select"> & {
  label: string;
  error?: string | null;
  hint?: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** { phone: "Celular" } → [{ value: "phone", label: "Celular" }] */
export function optionsOf(labels: Record<string, string>) {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}
