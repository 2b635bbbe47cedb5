import { Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { FileField } from "~/components/ui/file-field";
import { ImportProblems } from "~/components/ui/import-problems";
import { Spinner } from "~/components/ui/spinner";
import { formRefusal } from "~/lib/form-refusal.server";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { readImportForm } from "~/lib/uploads/read-upload-form.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { InventoryInputError } from "~/modules/inventory/errors";
import { CSV_COLUMNS, IMPORT_STOCK_REASON, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/modules/inventory/product-csv";
import { importProductsCsv, type ImportReport } from "~/modules/inventory/product-import.server";
import type { Route } from "./+types/inventory-import";
import { TAKES_FILES } from "~/lib/uploads/upload-handle";

const FILE_FIELD = "file";
/** Problems listed on the page; a file with more is mostly wrong and the first ones say why. */
const SHOWN_PROBLEMS = 100;

export const meta = () => [{ title: "Importar produtos — Estoque — Balcão" }, { name: "robots", content: "noindex" }];

/** A fresh key per rendering: the same file sent twice (a double tap, a reload) is imported once. */
export function loader() {
  return { idempotencyKey: newIdempotencyKey() };
}

/** Its form takes a file: the server lets a multipart body through to it (upload-handle.ts). */
export const handle = TAKES_FILES;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  try {
    const { bytes, text } = await readImportForm(request, {
      field: FILE_FIELD,
      maxBytes: MAX_IMPORT_BYTES,
      tooLargeMessage: `O arquivo passa de ${MAX_IMPORT_BYTES / 1024 / 1024} MB: divida a planilha em partes.`,
      refuse: (message) => new InventoryInputError({ file: message }),
    });
    const report = await importProductsCsv(actor, bytes, text("idempotencyKey"));
    return { report: { ...report, problems: report.problems.slice(0, SHOWN_PROBLEMS), problemCount: report.problems.length } };
  } catch (error) {
    return formRefusal(error, {});
  }
}

function ReportView({ report }: { report: ImportReport & { problemCount: number } }) {
  return (
    <section aria-labelledby="resultado" className="space-y-3">
      <h2 id="resultado" className="text-lg font-semibold text-slate-900">
        Resultado da importação
      </h2>
      <Alert tone={report.problemCount === 0 ? "success" : "info"}>
        {report.created} {report.created === 1 ? "item criado" : "itens criados"}, {report.updated}{" "}
        {report.updated === 1 ? "atualizado" : "atualizados"}
        {report.problemCount > 0
          ? `, ${report.problemCount} ${report.problemCount === 1 ? "linha recusada" : "linhas recusadas"}`
          : ""}
        .
      </Alert>
      <p className="text-sm text-slate-700">Arquivo lido como {report.encoding}.</p>
      {report.stockAdjustments.length > 0 ? (
        <div className="space-y-1">
          <p className="text-slate-700">Estoque ajustado pela planilha (contagem no extrato, motivo “{IMPORT_STOCK_REASON}”):</p>
          <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {report.stockAdjustments.map((adjustment) => (
              <li key={adjustment.line}>
                {adjustment.sku}: {adjustment.from} → {adjustment.to}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.problemCount > 0 ? (
        <>
          <p className="text-slate-700">
            As linhas abaixo não foram importadas; corrija-as na planilha e importe de novo (as outras já entraram).
          </p>
          <ImportProblems problems={report.problems} problemCount={report.problemCount} />
        </>
      ) : null}
    </section>
  );
}

export default function InventoryImport({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const error = actionData && "errors" in actionData ? (actionData.errors.file ?? actionData.errors.form) : undefined;
  const report = actionData && "report" in actionData ? actionData.report : null;
  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-2">
        <BackLink to="/inventory">Voltar para o estoque</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Importar produtos (CSV)</h1>
        <p className="text-slate-700">
          Salve a planilha como CSV (separado por ponto e vírgula ou por vírgula; o Excel e o Google Planilhas servem). A primeira
          linha tem os nomes das colunas. Um SKU que já existe atualiza o item; os demais são criados, e a coluna “Estoque” vira
          uma entrada no extrato, ao “Custo” informado; num item que já existe, um “Estoque” diferente do atual vira uma contagem
          no extrato (motivo “{IMPORT_STOCK_REASON}”). Até {MAX_IMPORT_ROWS} linhas por arquivo.
        </p>
      </div>

      <Form method="post" encType="multipart/form-data" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <FileField
          label="Arquivo CSV"
          name={FILE_FIELD}
          accept=".csv,text/csv"
          maxBytes={MAX_IMPORT_BYTES}
          kind="file"
          required
          error={error}
        />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? <Spinner /> : <Upload aria-hidden className="size-4" />}
          Importar
        </Button>
      </Form>

      {report ? <ReportView report={report} /> : null}

      <section aria-labelledby="colunas" className="space-y-2 text-sm text-slate-700">
        <h2 id="colunas" className="text-lg font-semibold text-slate-900">
          Colunas
        </h2>
        <p>{CSV_COLUMNS.map((column) => column.header).join("; ")}.</p>
        <p>
          Um item novo precisa de “Nome” e “Preço” (e “Procedência” para uma peça: Nova original, Nova compatível ou Usada); uma
          coluna com outro nome é recusada, para nenhum valor ser ignorado sem aviso. Tipo: Produto, Peça ou Serviço. Preço e
          custo como 49,90. Na loja: sim ou não. O arquivo de{" "}
          <a href="/inventory/exportar.csv" className="text-brand-700 underline underline-offset-2">
            exportação
          </a>{" "}
          tem exatamente estas colunas e pode ser editado e importado de volta.
        </p>
      </section>
    </div>
  );
}
