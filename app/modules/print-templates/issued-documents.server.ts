import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import { afterCommit } from "~/db/committed-writes.server";
import { issuedDocuments, type IssuedTemplate } from "~/db/schema/print-documents";
import { runAfterAnswer } from "~/lib/background-tasks.server";
import { logger } from "~/lib/logger.server";
import type { Actor } from "~/modules/accounts/roles";
import { PRINT_KINDS, type PrintKind } from "./kinds";
import { papersOf, type Paper } from "./papers";
import { forPrintPage, renderTemplateSource, templateFor } from "./render.server";

/**
 * Issues a document with legal weight inside the transaction of the act it
 * attests (the delivery that starts a warranty, a crediário's contract):
 * stores, once per kind and subject, its data and the template of every
 * paper its kind prints on as they are now. Nothing renders inside the
 * transaction (a render takes a worker's time, and on PGlite the
 * transaction holds the only connection): once it commits, each paper's HTML
 * is rendered from what was stored (`renderIssuedDocument`), and a print
 * that comes first renders its own paper the same way. From then on it
 * prints as stored.
 */
export async function issueDocumentInTx(
  tx: Transaction,
  actor: Actor,
  { kind, subject, data }: { kind: PrintKind; subject: string; data: Record<string, unknown> },
) {
  if (!PRINT_KINDS[kind].isIssued) throw new Error(`${kind} não é um documento guardado como emitido`);
  const templates: Partial<Record<Paper, IssuedTemplate>> = {};
  for (const paper of papersOf(kind)) templates[paper] = await templateFor(tx, kind, paper);
  const [issued] = await tx
    .insert(issuedDocuments)
    .values({ kind, subject, data, templates, bodies: {}, issuedByUserId: actor.userId, issuedByLabel: actor.label })
    .returning({ id: issuedDocuments.id, issuedAt: issuedDocuments.issuedAt });
  // Tracked, so a graceful stop (and a test reading the tables) waits for the bodies to be written.
  afterCommit(tx, () => runAfterAnswer(renderIssuedDocument(issued!.id)));
  return issued!;
}

type IssuedRow = Pick<typeof issuedDocuments.$inferSelect, "id" | "kind" | "data" | "templates" | "bodies">;

/**
 * A paper's HTML of an issued document, rendered from the data and template
 * stored at its issue and stored in its turn; a paper already stored keeps
 * what it has (two renders at once produce the same HTML, and only the first
 * is written). Null when the document kept no template for that paper.
 */
async function renderPaperOf(row: IssuedRow, paper: Paper): Promise<string | null> {
  const stored = row.bodies[paper];
  if (stored !== undefined) return stored;
  const template = row.templates[paper];
  if (!template) return null;
  const { html } = await renderTemplateSource(row.kind as PrintKind, template.body, paper, row.data, template.margins);
  const db = await getDb();
  // Written only over the data it was rendered from: the LGPD anonymiser may have redacted the data (and
  // emptied the bodies) while this render ran, and the personal data must not come back with a late body.
  await db
    .update(issuedDocuments)
    .set({ bodies: sql`${issuedDocuments.bodies} || jsonb_build_object(${paper}::text, ${html}::text)` })
    .where(
      and(
        eq(issuedDocuments.id, row.id),
        sql`not (${issuedDocuments.bodies} ? ${paper}::text)`,
        sql`${issuedDocuments.data} = ${JSON.stringify(row.data)}::jsonb`,
      ),
    );
  const [now] = await db
    .select({ bodies: issuedDocuments.bodies, data: issuedDocuments.data })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.id, row.id));
  if (now?.bodies[paper] !== undefined) return now.bodies[paper];
  // The data changed under the render: render again from what the document holds now.
  if (now && JSON.stringify(now.data) !== JSON.stringify(row.data)) return renderPaperOf({ ...row, ...now }, paper);
  return html;
}

async function readIssued(where: SQL | undefined) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: issuedDocuments.id,
      kind: issuedDocuments.kind,
      data: issuedDocuments.data,
      templates: issuedDocuments.templates,
      bodies: issuedDocuments.bodies,
      issuedAt: issuedDocuments.issuedAt,
    })
    .from(issuedDocuments)
    .where(where);
  return row ?? null;
}

/**
 * Renders and stores every paper of an issued document not rendered yet:
 * called once the act's transaction commits. A failure is only logged: the
 * first print renders what is missing.
 */
export async function renderIssuedDocument(id: number) {
  try {
    const row = await readIssued(eq(issuedDocuments.id, id));
    if (!row) return;
    for (const paper of Object.keys(row.templates) as Paper[]) await renderPaperOf(row, paper);
  } catch (error) {
    logger.warn({ err: error, issuedDocumentId: id }, "documento emitido não preenchido após a gravação: será na impressão");
  }
}

/**
 * The document as issued, in the paper asked for; null when never issued.
 * One issued before the 58 mm roll had templates of its own prints its
 * 80 mm copy there, as it did then.
 */
export async function findIssuedDocument(kind: PrintKind, subject: string, paper: Paper) {
  const issued = await readIssued(and(eq(issuedDocuments.kind, kind), eq(issuedDocuments.subject, subject)));
  if (!issued) return null;
  const html =
    (await forPrintPage(kind, () => renderPaperOf(issued, paper))) ?? (paper === "58mm" ? issued.bodies["80mm"] : undefined);
  if (html === undefined) return null;
  return { html, issuedAt: issued.issuedAt.toISOString() };
}
