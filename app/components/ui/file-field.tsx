import { useId, useState, type ChangeEvent } from "react";
import { fileTooLargeMessage, formatFileSize } from "~/lib/uploads/file-size";
import { FieldMessage, inputClass } from "./field";

/**
 * A file chosen over the field's cap is refused in the browser, at once: the
 * choice is cleared (so the form can never send it, and the server's refusal
 * of the whole request, which loses what was typed, never comes) and the
 * message says the file's size and the limit. The server checks again.
 */
export function useFileSizeLimit(maxBytes: number, kind: "image" | "file") {
  const [error, setError] = useState<string | null>(null);
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const tooLarge = [...(event.currentTarget.files ?? [])].find((file) => file.size > maxBytes);
    if (tooLarge) event.currentTarget.value = "";
    setError(tooLarge ? fileTooLargeMessage(tooLarge.size, maxBytes, kind) : null);
  }
  return { error, onChange };
}

/**
 * Every file input of the site: its label, the limit in the hint, and the
 * size checked in the browser (useFileSizeLimit) before the form is sent.
 */
export function FileField({
  label,
  name,
  accept,
  maxBytes,
  kind,
  hint,
  error,
  required,
}: {
  label: string;
  name: string;
  accept: string;
  /** The cap the server holds this field to (lib/uploads/image-purposes.ts, or the import's own). */
  maxBytes: number;
  kind: "image" | "file";
  hint?: string;
  /** The server's refusal, shown until another file is chosen. */
  error?: string | null;
  required?: boolean;
}) {
  const id = useId();
  const limit = useFileSizeLimit(maxBytes, kind);
  // The server's refusal that choosing another file dismissed; a new refusal (the next answer) shows again.
  const [dismissedError, setDismissedError] = useState<string | null | undefined>(undefined);
  const shownError = limit.error ?? (error !== dismissedError ? error : null);
  const fullHint = `${hint ? `${hint} ` : ""}Até ${formatFileSize(maxBytes)}.`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        required={required}
        data-max-bytes={maxBytes}
        onChange={(event) => {
          setDismissedError(error);
          limit.onChange(event);
        }}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : `${id}-hint`}
        className={`${inputClass} py-2`}
      />
      <FieldMessage id={id} error={shownError} hint={fullHint} />
    </div>
  );
}
