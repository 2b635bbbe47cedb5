import { forwardRef, useImperativeHandle, useRef, useState } from "react";
import { cx } from "~/lib/class-names";

export type SourceEditorHandle = {
  /** Puts `text` where the cursor is (replacing a selection) and keeps the focus there. */
  insert: (text: string) => void;
  /** Moves the cursor to a line and column (from 1), scrolled into view. */
  goTo: (line: number, column: number) => void;
};

/**
 * A template's source in a monospaced textarea with its line numbers beside
 * it (lines do not wrap, so each number stays level with its line): the
 * numbers an error message points at. A plain textarea without JavaScript.
 */
export const SourceEditor = forwardRef<
  SourceEditorHandle,
  { id: string; name: string; defaultValue: string; invalid: boolean; describedBy?: string; onChange: (value: string) => void }
>(function SourceEditor({ id, name, defaultValue, invalid, describedBy, onChange }, ref) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const gutterRef = useRef<HTMLDivElement>(null);
  const [lineCount, setLineCount] = useState(() => defaultValue.split("\n").length);

  function changed(value: string) {
    setLineCount(value.split("\n").length);
    onChange(value);
  }

  useImperativeHandle(ref, () => ({
    insert(text) {
      const textarea = textareaRef.current;
      if (!textarea) return;
      textarea.focus();
      textarea.setRangeText(text, textarea.selectionStart, textarea.selectionEnd, "end");
      changed(textarea.value);
    },
    goTo(line, column) {
      const textarea = textareaRef.current;
      if (!textarea) return;
      const lines = textarea.value.split("\n");
      const offset = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0) + column - 1;
      textarea.focus();
      textarea.setSelectionRange(offset, offset);
      const lineHeight = Number.parseFloat(getComputedStyle(textarea).lineHeight) || 20;
      textarea.scrollTop = Math.max(0, (line - 3) * lineHeight);
    },
  }));

  return (
    <div
      className={cx(
        "flex overflow-hidden rounded-md border bg-white font-mono text-sm leading-5",
        invalid ? "border-red-600" : "border-slate-300 focus-within:border-brand-600",
      )}
    >
      <div
        ref={gutterRef}
        aria-hidden
        className="h-[60vh] min-h-80 shrink-0 overflow-hidden border-r border-slate-200 bg-slate-50 py-2 pr-2 pl-2 text-right text-slate-500 select-none"
      >
        {Array.from({ length: lineCount }, (_, index) => (
          <div key={index}>{index + 1}</div>
        ))}
      </div>
      <textarea
        ref={textareaRef}
        id={id}
        name={name}
        defaultValue={defaultValue}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => changed(event.target.value)}
        onScroll={(event) => {
          if (gutterRef.current) gutterRef.current.scrollTop = event.currentTarget.scrollTop;
        }}
        className="h-[60vh] min-h-80 w-full resize-y overflow-auto bg-white px-2 py-2 whitespace-pre text-slate-900 outline-none"
      />
    </div>
  );
});
