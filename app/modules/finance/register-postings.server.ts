import type { Transaction } from "~/db/client.server";
import type { RegisterEntryKind, RegisterMethod } from "~/db/schema/cash-register";
import type { Actor } from "~/modules/accounts/roles";
import { postReceiptInTx, REGISTER_ENTRY_ORIGIN } from "./ledger.server";
import type { ReceiptPart } from "./revenue-parts";

/** A register entry as just written, with what the caller knows of its meaning for the month result. */
export type PostedRegisterEntry = {
  entryId: number;
  kind: RegisterEntryKind;
  method: RegisterMethod;
  amountCents: number;
  instalments: number | null;
  businessDate: string;
  customerId: number | null;
  description: string;
  /** Given by callers whose split only they know (a crediário payment: principal by source, interest, charges). */
  parts?: readonly ReceiptPart[];
};

/**
 * Called by the register for every entry it writes, in the same
 * transaction: the entry reaches finance by itself, under its own origin.
 */
export async function postRegisterEntryInTx(tx: Transaction, actor: Actor, entry: PostedRegisterEntry) {
  if (entry.parts && entry.amountCents > 0) {
    await postReceiptInTx(tx, actor, {
      origin: { kind: REGISTER_ENTRY_ORIGIN, id: entry.entryId },
      method: entry.method,
      instalments: entry.instalments,
      date: entry.businessDate,
      description: entry.description,
      customerId: entry.customerId,
      registerEntryId: entry.entryId,
      parts: entry.parts,
    });
  }
}
