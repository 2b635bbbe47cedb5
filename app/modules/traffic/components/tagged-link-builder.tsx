import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { SUGGESTED_SOURCES, taggedLink } from "../tagged-link";

/**
 * The owner types where a link will be posted (Instagram, the WhatsApp
 * status…) and gets the site's address tagged for it: the visits it brings
 * show under that origin and campaign in the tables above. Built in the
 * browser; without JavaScript the form is a plain GET that shows the link.
 */
export function TaggedLinkBuilder({ origin, initial }: { origin: string; initial: Record<string, string> }) {
  const [values, setValues] = useState({
    path: initial.pagina ?? "/",
    source: initial.origem ?? "",
    medium: initial.meio ?? "",
    campaign: initial.campanha ?? "",
  });
  const [isCopied, setCopied] = useState(false);
  const listId = useId();
  const hasInput = values.source.trim() !== "";
  const result = taggedLink({ origin, ...values });
  const field = (name: keyof typeof values, label: string, queryName: string, extra: Record<string, string> = {}) => (
    <label className="space-y-1.5 text-sm font-medium text-slate-800">
      <span className="block">{label}</span>
      <input
        name={queryName}
        value={values[name]}
        onChange={(event) => {
          setCopied(false);
          setValues((current) => ({ ...current, [name]: event.target.value }));
        }}
        className={inputClass}
        autoComplete="off"
        {...extra}
      />
    </label>
  );
  return (
    <form method="get" action="/traffic-analysis#link-marcado" className="space-y-3" onSubmit={(event) => event.preventDefault()}>
      <div className="grid gap-3 sm:grid-cols-2">
        {field("path", "Página do site", "pagina", { placeholder: "/loja" })}
        {field("source", "Onde vai publicar (origem)", "origem", { list: listId, placeholder: "instagram" })}
        {field("medium", "Formato (meio, opcional)", "meio", { placeholder: "stories, bio, status" })}
        {field("campaign", "Campanha (opcional)", "campanha", { placeholder: "black-friday" })}
      </div>
      <datalist id={listId}>
        {SUGGESTED_SOURCES.map((source) => (
          <option key={source.value} value={source.value}>
            {source.label}
          </option>
        ))}
      </datalist>
      {hasInput && "problem" in result ? <p className="text-sm text-red-700">{result.problem}</p> : null}
      {"url" in result ? (
        <div className="space-y-2">
          <output
            className="block rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm break-all"
            data-testid="tagged-link"
          >
            {result.url}
          </output>
          <Button
            variant="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(result.url).then(() => setCopied(true));
            }}
          >
            {isCopied ? "Copiado!" : "Copiar link"}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
