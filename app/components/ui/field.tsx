import { useId, type ComponentProps, type ReactNode } from "react";
import { cx } from "~/lib/class-names";

export const inputClass =
  "h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 aria-invalid:border-red-600";

export type FieldFrameProps = { label: string; error?: string | null; hint?: string; className?: string };

/** What a field's control spreads: its id and the ARIA attributes pointing at its error or hint. */
type ControlWiring = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * The label above a control and its error (or hint) below, wired for screen
 * readers: Field, TextareaField and SelectField draw their control inside it.
 */
export function FieldFrame({
  label,
  error,
  hint,
  className,
  renderControl,
}: FieldFrameProps & { renderControl: (wiring: ControlWiring) => ReactNode }) {
  const id = useId();
  const wiring: ControlWiring = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {renderControl(wiring)}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled input with its hint or error, wired for screen readers. */
export function Field({
  label,
  error,
  hint,
  className,
  trailing,
  ...input
}: ComponentProps<"input"> & FieldFrameProps & { trailing?: ReactNode }) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      className={className}
      renderControl={(wiring) => (
        <div className="relative">
          <input {...wiring} className={cx(inputClass, trailing ? "pr-12" : undefined)} {...input} />
          {trailing}
        </div>
      )}
    />
  );
}

/** The error (or, failing that, the hint) under a field, with the id its control points to. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string | null; hint?: string }) {
  if (error)
    return (
      <p id={`${id}-error`} className="text-sm text-red-700">
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
    );
  return null;
}
