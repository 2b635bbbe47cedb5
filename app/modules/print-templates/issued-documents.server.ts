import { and, eq } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import { issuedDocuments } from "~/db/schema/print-documents";
import type { Actor } from "~/modules/accounts/roles";
import { PRINT_KINDS, type PrintKind } from "./kinds";
import { TEMPLATE_PAPERS, templatePaperOf, type Paper, type TemplatePaper } from "./papers";
import { renderPrintDocumentWith } from "./render.server";

/**
 * Issues a document with legal weight inside the transaction of the act it
 * attests (the delivery that starts a warranty): renders it for every
 * template paper and stores the HTML with its data, once per kind and
 * subject. From then on it prints as stored.
 */
export async function issueDocumentInTx(
  tx: Transaction,
  actor: Actor,
  { kind, subject, data }: { kind: PrintKind; subject: string; data: Record<string, unknown> },
) {
  if (!PRINT_KINDS[kind].isIssued) throw new Error(`${kind} não é um documento guardado como emitido`);
  const bodies = {} as Record<TemplatePaper, string>;
  for (const paper of TEMPLATE_PAPERS) bodies[paper] = await renderPrintDocumentWith(tx, kind, paper, data);
  const [issued] = await tx
    .insert(issuedDocuments)
    .values({ kind, subject, data, bodies, issuedByUserId: actor.userId, issuedByLabel: actor.label })
    .returning({ id: issuedDocuments.id, issuedAt: issuedDocuments.issuedAt });
  return issued!;
}

/** The document as issued, in the paper asked for (58 mm prints the 80 mm HTML); null when never issued. */
export async function findIssuedDocument(kind: PrintKind, subject: string, paper: Paper) {
  const db = await getDb();
  const [issued] = await db
    .select({ bodies: issuedDocuments.bodies, issuedAt: issuedDocuments.issuedAt })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.kind, kind), eq(issuedDocuments.subject, subject)));
  if (!issued) return null;
  const html = issued.bodies[templatePaperOf(paper)];
  if (html === undefined) return null;
  return { html, issuedAt: issued.issuedAt.toISOString() };
}
