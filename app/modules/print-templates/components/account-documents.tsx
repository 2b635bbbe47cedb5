import { FileText } from "lucide-react";
import { formatDateTime } from "~/lib/dates";
import type { AccountDocument } from "../account-documents.server";

/** "Minha conta": the documents issued to the customer, each opened as its 2ª via to view or print. */
export function AccountDocuments({ documents }: { documents: readonly AccountDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="meus-documentos" className="space-y-3">
      <h2 id="meus-documentos" className="text-lg font-semibold text-slate-900">
        Meus documentos
      </h2>
      <p className="text-sm text-slate-700">
        Cópias (2ª via) dos documentos que a loja emitiu para você, exatamente como foram emitidos.
      </p>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {documents.map((document) => (
          <li key={document.id}>
            <a href={document.path} className="flex items-center gap-3 p-4 hover:bg-slate-50">
              <FileText aria-hidden className="size-5 shrink-0 text-brand-700" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">
                  {document.title}
                  {document.about ? ` · ${document.about}` : ""}
                </span>
                <span className="block text-sm text-slate-700">Emitido em {formatDateTime(document.issuedAt)}</span>
              </span>
              <span className="shrink-0 text-sm font-medium text-brand-700">Ver 2ª via</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
