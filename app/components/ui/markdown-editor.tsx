import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cx } from "~/lib/class-names";
import { Button } from "./button";
import { FieldMessage } from "./field";

/** Where the live preview is rendered by the server's sanitiser (app/routes/_staff/markdown-preview.ts). */
export const MARKDOWN_PREVIEW_PATH = "/blog-management/pre-visualizar";
const PREVIEW_DELAY_MS = 400;

/**
 * A Markdown textarea beside its preview. Without JavaScript the
 * "Pré-visualizar" button posts the form and the page comes back with the
 * preview; with it, the preview follows the typing (debounced), rendered by
 * the server so it is exactly what the site shows. `renderHtml` draws the
 * HTML the way the public page does. Used by the blog's posts, the FAQ and
 * the story.
 */
export function MarkdownEditor({
  label,
  name,
  defaultValue,
  maxLength,
  rows = 10,
  isTall = false,
  error,
  hint,
  previewHtml,
  renderHtml,
}: {
  label: string;
  name: string;
  defaultValue: string;
  maxLength: number;
  rows?: number;
  /** A long text (a post): textarea and preview as tall as a screen. */
  isTall?: boolean;
  error?: string;
  hint?: string;
  /** The preview the page came back with (the button's post), if any. */
  previewHtml: string | null;
  renderHtml: (html: string) => ReactNode;
}) {
  const id = useId();
  const [html, setHtml] = useState(previewHtml);
  // A new preview from the page (the button's post) replaces the live one, during render (React's derived-state pattern).
  const [pagePreview, setPagePreview] = useState(previewHtml);
  if (pagePreview !== previewHtml) {
    setPagePreview(previewHtml);
    setHtml(previewHtml);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const request = useRef<AbortController | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // A preview still waiting when the form is sent would answer after it: dropped instead.
    const cancel = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      request.current?.abort();
    };
    const form = textarea.current?.form;
    form?.addEventListener("submit", cancel);
    return () => {
      form?.removeEventListener("submit", cancel);
      cancel();
    };
  }, []);

  function schedulePreview(markdown: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      // A plain form body: only the routes that take files accept multipart, and the text is all the preview needs.
      const body = new URLSearchParams({ markdown });
      fetch(MARKDOWN_PREVIEW_PATH, { method: "POST", body, signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ html: string | null }>) : null))
        .then((result) => {
          if (result?.html !== undefined) setHtml(result.html);
        })
        // A preview that fails (offline, aborted by newer typing) leaves the last one shown.
        .catch(() => undefined);
    }, PREVIEW_DELAY_MS);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <textarea
          ref={textarea}
          id={id}
          name={name}
          rows={rows}
          maxLength={maxLength}
          defaultValue={defaultValue}
          onChange={(event) => schedulePreview(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={cx(
            "w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus-visible:border-brand-600 aria-invalid:border-red-600",
            isTall && "min-h-96",
          )}
        />
        <FieldMessage id={id} error={error} hint={hint} />
        <Button type="submit" name="intent" value="preview" variant="outline" size="sm">
          Pré-visualizar
        </Button>
      </div>
      <section
        aria-label={`Pré-visualização: ${label}`}
        className="min-w-0 rounded-md border border-dashed border-slate-300 bg-slate-50 p-3"
      >
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Pré-visualização</p>
        {html ? (
          <div
            data-testid="pre-visualizacao"
            aria-live="polite"
            className={cx(isTall && "max-h-[40rem] min-h-96 overflow-y-auto")}
          >
            {renderHtml(html)}
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Digite o texto ou toque em “Pré-visualizar” para ver como fica no site.</p>
        )}
      </section>
    </div>
  );
}
