import { and, eq } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import { issuedDocuments } from "~/db/schema/print-documents";
import type { Actor } from "~/modules/accounts/roles";
import { PRINT_KINDS, type PrintKind } from "./kinds";
import { papersOf, type Paper } from "./papers";
import { renderPrintDocumentWith } from "./render.server";

/**
 * Issues a document with legal weight inside the transaction of the act it
 * attests (the delivery that starts a warranty): renders it for every
 * paper its kind prints on and stores the HTML with its data, once per kind and
 * subject. From then on it prints as stored.
 */
export async function issueDocumentInTx(
  tx: Transaction,
  actor: Actor,
  { kind, subject, data }: { kind: PrintKind; subject: string; data: Record<string, unknown> },
) {
  if (!PRINT_KINDS[kind].isIssued) throw new Error(`${kind} não é um documento guardado como emitido`);
  const bodies: Partial<Record<Paper, string>> = {};
  for (const paper of papersOf(kind)) bodies[paper] = await renderPrintDocumentWith(tx, kind, paper, data);
  const [issued] = await tx
    .insert(issuedDocuments)
    .values({ kind, subject, data, bodies, issuedByUserId: actor.userId, issuedByLabel: actor.label })
    .returning({ id: issuedDocuments.id, issuedAt: issuedDocuments.issuedAt });
  return issued!;
}

/**
 * The document as issued, in the paper asked for; null when never issued.
 * One issued before the 58 mm roll had templates of its own prints its
 * 80 mm copy there, as it did then.
 */
export async function findIssuedDocument(kind: PrintKind, subject: string, paper: Paper) {
  const db = await getDb();
  const [issued] = await db
    .select({ bodies: issuedDocuments.bodies, issuedAt: issuedDocuments.issuedAt })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.kind, kind), eq(issuedDocuments.subject, subject)));
  if (!issued) return null;
  const html = issued.bodies[paper] ?? (paper === "58mm" ? issued.bodies["80mm"] : undefined);
  if (html === undefined) return null;
  return { html, issuedAt: issued.issuedAt.toISOString() };
}
