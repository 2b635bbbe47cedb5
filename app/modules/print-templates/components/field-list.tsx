import type { CatalogueField } from "../fields/field";

/** What a click on a field puts in the source: a value, or a loop over a list, or an item's value inside that loop. */
export function snippetOf(field: CatalogueField, isList: boolean) {
  if (isList) return `{% for item in ${field.path} %}\n  \n{% endfor %}`;
  const itemPath = /\[\]\.(\w+)$/.exec(field.path);
  if (itemPath) return `{{ item.${itemPath[1]} }}`;
  return `{{ ${field.path} }}`;
}

/**
 * The fields the template's kind can print, with what each holds; a click
 * inserts it where the cursor is (without JavaScript, the list still says
 * what to type).
 */
export function FieldList({ fields, onInsert }: { fields: CatalogueField[]; onInsert: (snippet: string) => void }) {
  const lists = new Set(
    fields.filter((field) => fields.some((other) => other.path.startsWith(`${field.path}[].`))).map((f) => f.path),
  );
  return (
    <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 bg-white text-sm">
      {fields.map((field) => {
        const snippet = snippetOf(field, lists.has(field.path));
        return (
          <li key={field.path}>
            <button
              type="button"
              onClick={() => onInsert(snippet)}
              className="block w-full px-3 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
            >
              {/* The visible words are the name, "Inserir" said before them (a name unlike the label misleads voice control). */}
              <span className="sr-only">Inserir </span>
              <code className="block font-mono text-xs break-all text-brand-800">{field.path}</code>
              <span className="block text-slate-700">{field.description}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
