import { Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { FileField } from "~/components/ui/file-field";
import { ImportProblems } from "~/components/ui/import-problems";
import { Spinner } from "~/components/ui/spinner";
import { formRefusal } from "~/lib/form-refusal.server";
import { readImportFile } from "~/lib/uploads/read-upload-form.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { ContentTabs } from "~/modules/blog/components/content-tabs";
import { ReviewInputError } from "~/modules/reviews/errors";
import { MAX_REVIEW_IMPORT_BYTES, MAX_REVIEW_IMPORT_ROWS } from "~/modules/reviews/review-file";
import { importReviews, type ReviewImportReport } from "~/modules/reviews/review-import.server";
import type { Route } from "./+types/content-reviews-import";
import { TAKES_FILES } from "~/lib/uploads/upload-handle";

export const meta = () => staffAreaMeta("blogManagement");

const FILE_FIELD = "file";
/** Problems listed on the page; a file with more is mostly wrong and the first ones say why. */
const SHOWN_PROBLEMS = 100;
const MAX_MEGABYTES = MAX_REVIEW_IMPORT_BYTES / 1024 / 1024;

/** Its form takes a file: the server lets a multipart body through to it (upload-handle.ts). */
export const handle = TAKES_FILES;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  try {
    const bytes = await readImportFile(request, {
      field: FILE_FIELD,
      maxBytes: MAX_REVIEW_IMPORT_BYTES,
      tooLargeMessage: `O arquivo passa de ${MAX_MEGABYTES} MB: divida-o em partes.`,
      refuse: (message) => new ReviewInputError({ file: message }),
    });
    const report = await importReviews(actor, bytes);
    return {
      report: { ...report, problems: report.problems.slice(0, SHOWN_PROBLEMS), problemCount: report.problems.length },
    };
  } catch (error) {
    return formRefusal(error, {});
  }
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

function ReportView({ report }: { report: ReviewImportReport & { problemCount: number } }) {
  const rowWord = report.format === "json" ? "Item" : "Linha";
  return (
    <section aria-labelledby="resultado" className="space-y-3">
      <h2 id="resultado" className="text-lg font-semibold text-slate-900">
        Resultado da importação
      </h2>
      <Alert tone={report.problemCount === 0 ? "success" : "info"}>
        {plural(report.added, "avaliação importada", "avaliações importadas")},{" "}
        {plural(report.duplicates, "repetida ignorada", "repetidas ignoradas")}
        {report.problemCount > 0 ? `, ${plural(report.problemCount, "recusada", "recusadas")}` : ""}.
      </Alert>
      {report.hasPhotoColumn ? (
        <p className="text-slate-700">
          O arquivo tem endereços de fotos: eles foram ignorados, porque o sistema não busca imagens na internet. Para pôr a foto
          de alguém, edite a avaliação e envie o arquivo da foto.
        </p>
      ) : null}
      {report.duplicates > 0 ? (
        <p className="text-slate-700">
          Repetidas são avaliações que já estavam aqui (de uma importação anterior) ou duas vezes no arquivo.
        </p>
      ) : null}
      {report.problemCount > 0 ? (
        <>
          <p className="text-slate-700">
            As avaliações abaixo não foram importadas; as outras já entraram. Corrija o arquivo e importe de novo: as que já
            entraram não se repetem.
          </p>
          <ImportProblems problems={report.problems} problemCount={report.problemCount} rowWord={rowWord} />
        </>
      ) : null}
    </section>
  );
}

export default function ContentReviewsImport({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const error = actionData && "errors" in actionData ? (actionData.errors.file ?? actionData.errors.form) : undefined;
  const report = actionData && "report" in actionData ? actionData.report : null;
  return (
    <div className="space-y-6">
      <ContentTabs />
      <div className="max-w-3xl space-y-2">
        <BackLink to="/blog-management/avaliacoes">Voltar para as avaliações</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Importar avaliações</h1>
        <p className="text-slate-700">
          Envie a exportação do serviço de avaliações em CSV (separado por ponto e vírgula ou por vírgula) ou em JSON. Cada
          avaliação precisa de autor, nota de 1 a 5 e data; o texto é opcional. Importar o mesmo arquivo de novo não repete
          nenhuma avaliação. Até {MAX_REVIEW_IMPORT_ROWS} avaliações por arquivo.
        </p>
        <p className="text-slate-700">
          As importadas aparecem no site com o selo “Avaliação verificada”, porque o serviço de avaliações sabe quem as escreveu.
          Se o arquivo não veio de um serviço assim, tire o selo na página de cada avaliação.
        </p>
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        className="max-w-3xl space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <FileField
          label="Arquivo CSV ou JSON"
          name={FILE_FIELD}
          accept=".csv,.json,text/csv,application/json"
          maxBytes={MAX_REVIEW_IMPORT_BYTES}
          kind="file"
          required
          error={error}
        />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? <Spinner /> : <Upload aria-hidden className="size-4" />}
          Importar
        </Button>
      </Form>

      {report ? (
        <div className="max-w-3xl">
          <ReportView report={report} />
        </div>
      ) : null}

      <section aria-labelledby="formato" className="max-w-3xl space-y-2 text-sm text-slate-700">
        <h2 id="formato" className="text-lg font-semibold text-slate-900">
          Formato
        </h2>
        <p>
          CSV: a primeira linha tem os nomes das colunas — Autor; Nota; Texto; Data (também servem Nome, Estrelas, Comentário,
          author, rating, text, date). Data como 25/12/2025 ou 2025-12-25.
        </p>
        <pre className="overflow-x-auto rounded bg-slate-100 p-3 text-xs">
          {"Autor;Nota;Texto;Data\nMaria Souza;5;Trocaram a tela no mesmo dia;25/10/2025"}
        </pre>
        <p>
          JSON: uma lista de avaliações com os mesmos campos, ou a exportação do Google (reviewer.displayName, starRating,
          comment, createTime).
        </p>
      </section>
    </div>
  );
}
