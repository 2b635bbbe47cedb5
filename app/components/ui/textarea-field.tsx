import { useId, type ComponentProps } from "react";
import { cx } from "~/lib/class-names";
import { FieldMessage } from "./field";

/** Field's counterpart for long text: a labelled textarea with its hint or error. */
export function TextareaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: ComponentProps<"textarea"> & { label: string; error?: string | null; hint?: string }) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-36 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 aria-invalid:border-red-600"
        {...textarea}
      />
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}
