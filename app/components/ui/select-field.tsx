import type { ComponentProps } from "react";
import { FieldFrame, inputClass, type FieldFrameProps } from "./field";

/** Field's counterpart for a choice among a few options: a labelled <select> with its hint or error. */
export function SelectField({
  label,
  error,
  hint,
  options,
  className,
  ...select
}: ComponentProps<"select"> & FieldFrameProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      className={className}
      renderControl={(wiring) => (
        <select {...wiring} className={inputClass} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** { phone: "Celular" } → [{ value: "phone", label: "Celular" }] */
export function optionsOf(labels: Record<string, string>) {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}
