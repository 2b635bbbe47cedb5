import { desc, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { warranties } from "~/db/schema/warranties";
import { shopToday } from "~/lib/dates";
import { customerIdsOfAccount } from "~/modules/customers/account-links.server";
import { accountDocumentPath } from "~/modules/print-templates/account-documents.server";
import { WARRANTY_STATUS_LABELS, warrantyStanding, type WarrantyStatus } from "~/modules/warranty-terms/rules";

/** More warranties than a customer gathers in years; the page lists the newest. */
const ACCOUNT_WARRANTIES_LIMIT = 50;

/** A customer's own warranty as "Minha conta" shows it: what it covers, until when, and its printed term. */
export type AccountWarranty = {
  id: number;
  /** "OS nº 42" or "Venda nº 17". */
  origin: string;
  itemDescription: string;
  startsOn: string;
  endsOn: string;
  legalEndsOn: string;
  contractualDays: number;
  status: WarrantyStatus;
  statusLabel: string;
  daysLeft: number;
  coverage: string;
  exclusions: string;
  /** The 2ª via of the term as issued; null for a warranty recorded before terms were stored (ask the shop). */
  termPath: string | null;
};

/**
 * The signed-in customer's warranties, newest first, from the customer
 * records their account sees (customerIdsOfAccount): keyed only by the
 * session's user id, so nothing the customer sends shows another's.
 */
export async function listAccountWarranties(userId: string, today = shopToday()): Promise<AccountWarranty[]> {
  const customerIds = await customerIdsOfAccount(userId);
  if (customerIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: warranties.id,
      serviceOrderId: warranties.serviceOrderId,
      saleId: warranties.saleId,
      itemDescription: warranties.itemDescription,
      startsOn: warranties.startsOn,
      endsOn: warranties.endsOn,
      contractualDays: warranties.contractualDays,
      coverage: warranties.coverage,
      exclusions: warranties.exclusions,
      issuedDocumentId: warranties.issuedDocumentId,
    })
    .from(warranties)
    .where(inArray(warranties.customerId, customerIds))
    .orderBy(desc(warranties.startsOn), desc(warranties.id))
    .limit(ACCOUNT_WARRANTIES_LIMIT);
  return rows.map((row) => {
    const standing = warrantyStanding(row, today);
    return {
      id: row.id,
      origin: row.serviceOrderId !== null ? `OS nº ${row.serviceOrderId}` : `Venda nº ${row.saleId}`,
      itemDescription: row.itemDescription,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      legalEndsOn: standing.legalEndsOn,
      contractualDays: row.contractualDays,
      status: standing.status,
      statusLabel: WARRANTY_STATUS_LABELS[standing.status],
      daysLeft: standing.daysLeft,
      coverage: row.coverage,
      exclusions: row.exclusions,
      termPath: row.issuedDocumentId !== null ? accountDocumentPath(row.issuedDocumentId) : null,
    };
  });
}
