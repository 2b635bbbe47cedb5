import type { ComponentProps } from "react";
import { FieldFrame, type FieldFrameProps } from "./field";

/** Field's counterpart for long text: a labelled textarea with its hint or error. */
export function TextareaField({ label, error, hint, className, ...textarea }: ComponentProps<"textarea"> & FieldFrameProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      className={className}
      renderControl={(wiring) => (
        <textarea
          {...wiring}
          className="min-h-36 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 aria-invalid:border-red-600"
          {...textarea}
        />
      )}
    />
  );
}
