import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { creditPlans } from "~/db/schema/credit";
import { issuedDocuments } from "~/db/schema/print-documents";
import { serviceOrders } from "~/db/schema/service-orders";
import { warranties } from "~/db/schema/warranties";
import { customerIdsOfAccount } from "~/modules/customers/account-links.server";
import { findIssuedDocument } from "./issued-documents.server";
import { PRINT_KINDS, type PrintKind } from "./kinds";
import { paperFromSearch, papersOf, type Paper } from "./papers";

/** More documents than a customer gathers in years; the page lists the newest. */
const ACCOUNT_DOCUMENTS_LIMIT = 100;

/** Where a customer opens the 2ª via of one of their issued documents. */
export const accountDocumentPath = (documentId: number) => `/minha-conta/documentos/${documentId}`;

/** One document issued to the customer, as "Minha conta" lists it: never its data, only what names it. */
export type AccountDocument = {
  id: number;
  title: string;
  /** "OS nº 42", "Crediário nº 7", "Garantia nº 3". */
  about: string;
  issuedAt: string;
  path: string;
};

const SUBJECT_LABELS: Record<string, string> = {
  service_order: "OS nº",
  warranty: "Garantia nº",
  credit_plan: "Crediário nº",
};

function aboutOf(subject: string) {
  const [entity, id] = subject.split(":");
  const label = entity ? SUBJECT_LABELS[entity] : undefined;
  return label && id ? `${label} ${id}` : "";
}

/** The kinds stored as issued: with the subjects, they match the (kind, subject) index. */
const ISSUED_KINDS = (Object.keys(PRINT_KINDS) as PrintKind[]).filter((kind) => PRINT_KINDS[kind].isIssued);

/**
 * The issued documents that belong to these customer records: an order's
 * delivery receipt and warranty term, a sale's warranty term, a crediário's
 * contract. Their subjects name the order, warranty or plan; only those of
 * the records' own are matched (null when they have none).
 */
async function ownDocumentsWhere(db: Awaited<ReturnType<typeof getDb>>, customerIds: number[]): Promise<SQL | null> {
  const [orders, ownWarranties, plans] = await Promise.all([
    db.select({ id: serviceOrders.id }).from(serviceOrders).where(inArray(serviceOrders.customerId, customerIds)),
    db.select({ id: warranties.id }).from(warranties).where(inArray(warranties.customerId, customerIds)),
    db.select({ id: creditPlans.id }).from(creditPlans).where(inArray(creditPlans.customerId, customerIds)),
  ]);
  const subjects = [
    ...orders.map(({ id }) => `service_order:${id}`),
    ...ownWarranties.map(({ id }) => `warranty:${id}`),
    ...plans.map(({ id }) => `credit_plan:${id}`),
  ];
  if (subjects.length === 0) return null;
  return and(inArray(issuedDocuments.kind, ISSUED_KINDS), inArray(issuedDocuments.subject, subjects))!;
}

/**
 * The signed-in customer's issued documents, newest first, from the
 * customer records their account sees (customerIdsOfAccount): keyed only
 * by the session's user id.
 */
export async function listAccountDocuments(userId: string): Promise<AccountDocument[]> {
  const customerIds = await customerIdsOfAccount(userId);
  if (customerIds.length === 0) return [];
  const db = await getDb();
  const own = await ownDocumentsWhere(db, customerIds);
  if (!own) return [];
  const rows = await db
    .select({
      id: issuedDocuments.id,
      kind: issuedDocuments.kind,
      subject: issuedDocuments.subject,
      issuedAt: issuedDocuments.issuedAt,
    })
    .from(issuedDocuments)
    .where(own)
    .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id))
    .limit(ACCOUNT_DOCUMENTS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: PRINT_KINDS[row.kind as PrintKind]?.title ?? row.kind,
    about: aboutOf(row.subject),
    issuedAt: row.issuedAt.toISOString(),
    path: accountDocumentPath(row.id),
  }));
}

/**
 * The customer's copy of one of their issued documents, in a paper: the
 * HTML stored at its issue, unchanged (the frame adds the "2ª via" mark).
 * Null when the id is not one of the account's own (another customer's, or
 * none): the page answers 404 without telling which.
 */
export async function printAccountDocument(userId: string, documentId: number, rawPaper: string | null) {
  const customerIds = await customerIdsOfAccount(userId);
  if (customerIds.length === 0) return null;
  const db = await getDb();
  const own = await ownDocumentsWhere(db, customerIds);
  if (!own) return null;
  const [row] = await db
    .select({ kind: issuedDocuments.kind, subject: issuedDocuments.subject })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.id, documentId), own));
  if (!row || !(row.kind in PRINT_KINDS)) return null;
  const kind = row.kind as PrintKind;
  const paper: Paper = paperFromSearch(rawPaper, kind);
  const issued = await findIssuedDocument(kind, row.subject, paper);
  if (!issued) return null;
  return { title: PRINT_KINDS[kind].title, about: aboutOf(row.subject), kind, paper, papers: papersOf(kind), ...issued };
}
