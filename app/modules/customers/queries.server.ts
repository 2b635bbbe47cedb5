import { and, count, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { foldedContains } from "~/db/search-fold";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import { customers } from "~/db/schema/customers";
import { maskDocument } from "./document";
import { escapeLike } from "~/lib/text-input";
import { parseCustomerSearch, type CustomerMatch } from "./search-terms";
import type { CustomerLookupItem, CustomerSummary } from "./summary";

export const CUSTOMER_PAGE_SIZE = 20;
const LOOKUP_LIMIT = 8;
/** Beyond this a clerk refines the search; it also bounds the OFFSET a crafted URL can ask for. */
export const MAX_CUSTOMER_PAGE = 500;

export type CustomerListItem = { id: number; name: string; phone: string; maskedDocument: string; email: string };

/**
 * Each kind of match is written so an index answers it on 100 000 rows: the
 * name through its trigram index on the folded text (LIKE '%…%'), the start of the phone and
 * whole numbers through its text_pattern_ops index, the document through its
 * unique index, a whole e-mail through lower(email). Two have no index: "the
 * last 4 to 7 digits" of a phone (a LIKE over the narrow phone column) and
 * the start of an e-mail where the database's collation is not C (PGlite's
 * is; a PostgreSQL server's usually is not).
 */
function matchCondition(match: CustomerMatch): SQL | undefined {
  switch (match.kind) {
    case "name":
      return and(...match.words.map((word) => foldedContains(customers.name, word)));
    case "phone":
      return or(
        like(customers.phone, `${escapeLike(match.prefix)}%`),
        match.suffix ? like(customers.phone, `%${escapeLike(match.suffix)}`) : undefined,
        match.numbers.length > 0 ? inArray(customers.phone, match.numbers) : undefined,
      );
    case "document":
      return eq(customers.document, match.value);
    case "email":
      return match.isWhole
        ? eq(sql`lower(${customers.email})`, match.prefix)
        : like(sql`lower(${customers.email})`, `${escapeLike(match.prefix)}%`);
  }
}

/**
 * The customer search box as a condition on `customers`, for another list
 * that searches its customers the same way (/devedores): null for no
 * search (everyone), "none" for a search nothing can match.
 */
export function customerSearchCondition(query: string): SQL | null | "none" {
  const matches = parseCustomerSearch(query);
  if (!matches) return null;
  if (matches.length === 0) return "none";
  return or(...matches.map(matchCondition)) ?? "none";
}

/** The planner's guess of how many customers a condition (or none) selects. */
async function estimatedRows(db: Database, condition?: SQL) {
  const where = condition ? sql` where ${condition}` : sql``;
  const result = await db.execute(sql`explain (format json) select 1 from ${customers}${where}`);
  const cell: unknown = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan?: { "Plan Rows"?: number } }] | undefined;
  return plan?.[0]?.Plan?.["Plan Rows"] ?? 0;
}

function selectPage(db: Database | Transaction, condition: SQL | undefined, limit: number, offset: number) {
  return db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      document: customers.document,
      email: customers.email,
    })
    .from(customers)
    .where(condition)
    .orderBy(desc(customers.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Whether every match can be answered from an index alone: not the end of a
 * phone, the start of an e-mail, nor a name made only of words too short for
 * trigrams ("an").
 */
function isIndexOnly(matches: CustomerMatch[]) {
  return matches.every((match) =>
    match.kind === "name"
      ? match.words.some((word) => word.length >= 3)
      : match.kind === "phone"
        ? match.suffix === null
        : match.kind !== "email" || match.isWhole,
  );
}

/**
 * Newest first: recent customers are the ones at the counter again, and an
 * alphabetical page would have to sort every match of a common name ("silva":
 * ~6 000 of 100 000). One row more than the page says whether there is a next
 * one, without counting every match. PostgreSQL may walk the primary key
 * backwards until the page is full, or read the matching rows from their
 * indexes and sort them. Its cost model takes the filter (ILIKE, LIKE) to be
 * cheap, which under PGlite's WebAssembly it is not: for a search matching a
 * few dozen or hundred customers it walks most of the table (100–250 ms
 * measured on 100 000 rows) where the indexes take a few milliseconds. So the
 * choice is made here from its own estimate: the walk reads about
 * total × needed ÷ matching rows, the indexes about `matching`.
 */
async function findCustomers(query: string, limit: number, offset: number) {
  const matches = parseCustomerSearch(query);
  if (matches?.length === 0) return [];
  const db = await getDb();
  if (!matches) return selectPage(db, undefined, limit, offset);
  const condition = or(...matches.map(matchCondition));
  if (!isIndexOnly(matches)) return selectPage(db, condition, limit, offset);

  const [matching, total] = await Promise.all([estimatedRows(db, condition), estimatedRows(db)]);
  if (matching * matching >= total * (offset + limit)) return selectPage(db, condition, limit, offset);
  return db.transaction(async (tx) => {
    // For this one query: no primary-key walk, and no full scan while an index can answer.
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    return selectPage(tx, condition, limit, offset);
  });
}

/** The /customers list: one search box, pages of CUSTOMER_PAGE_SIZE. */
export async function searchCustomers({
  query,
  page = 1,
  pageSize = CUSTOMER_PAGE_SIZE,
}: {
  query: string;
  page?: number;
  pageSize?: number;
}) {
  const safePage = Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), MAX_CUSTOMER_PAGE) : 1;
  const rows = await findCustomers(query, pageSize + 1, (safePage - 1) * pageSize);
  const customersOnPage: CustomerListItem[] = rows.slice(0, pageSize).map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    maskedDocument: row.document ? maskDocument(row.document) : "",
    email: row.email,
  }));
  return {
    customers: customersOnPage,
    page: safePage,
    hasNextPage: rows.length > pageSize && safePage < MAX_CUSTOMER_PAGE,
    // Counted only for an empty page past the first (an old link, an edited address): where the list ends.
    lastPage: rows.length === 0 && safePage > 1 ? await countCustomerPages(query, pageSize) : null,
  };
}

/** How many pages the list has for a search (at least 1, at most MAX_CUSTOMER_PAGE). */
async function countCustomerPages(query: string, pageSize: number) {
  const matches = parseCustomerSearch(query);
  if (matches?.length === 0) return 1;
  const db = await getDb();
  const upToLastPage = db
    .select({ id: customers.id })
    .from(customers)
    .where(matches ? or(...matches.map(matchCondition)) : undefined)
    .limit(MAX_CUSTOMER_PAGE * pageSize)
    .as("up_to_last_page");
  const [row] = await db.select({ total: count() }).from(upToLastPage);
  return Math.min(MAX_CUSTOMER_PAGE, Math.max(1, Math.ceil((row?.total ?? 0) / pageSize)));
}

/** The customer picker's suggestions: a few matches, the document masked. */
export async function lookupCustomers(query: string): Promise<CustomerLookupItem[]> {
  if (query.trim() === "") return [];
  const rows = await findCustomers(query, LOOKUP_LIMIT, 0);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    document: row.document ? maskDocument(row.document) : "",
  }));
}

function isCustomerId(id: number) {
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;
}

/** Everything the edit form shows, with who referred the customer; null for an unknown id. */
const referrerOf = alias(customers, "referrer");

export async function getCustomer(id: number) {
  if (!isCustomerId(id)) return null;
  const db = await getDb();
  // Who referred them, in the same round trip.
  const [row] = await db
    .select({
      customer: customers,
      referrerId: referrerOf.id,
      referrerName: referrerOf.name,
      referrerPhone: referrerOf.phone,
    })
    .from(customers)
    .leftJoin(referrerOf, eq(referrerOf.id, customers.referredByCustomerId))
    .where(eq(customers.id, id));
  if (!row) return null;
  const referrer: CustomerSummary | null =
    row.referrerId === null ? null : { id: row.referrerId, name: row.referrerName ?? "", phone: row.referrerPhone ?? "" };
  return { ...row.customer, referrer };
}

export type CustomerDetails = NonNullable<Awaited<ReturnType<typeof getCustomer>>>;

/** Name and phone of one customer (for a picker's default value, a receipt, a message); null when unknown. */
export async function getCustomerSummary(id: number): Promise<CustomerSummary | null> {
  if (!isCustomerId(id)) return null;
  const db = await getDb();
  const [summary] = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, id));
  return summary ?? null;
}
