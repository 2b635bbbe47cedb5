import { randomInt } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { customerAccountLinks, customers } from "~/db/schema/customers";
import { getEnv } from "~/lib/env.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { customerIdsOfAccount } from "./account-links.server";
import { isReferralCode, readReferralCode, REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, referralLink } from "./referral-code";

/** A fresh random code: 8 letters and digits without look-alikes (about 10^12 codes). */
function newReferralCode() {
  let code = "";
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index++)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** The customer's referral code, given the first time it is needed (a taken one, about never, is drawn again). */
export async function ensureReferralCodeInTx(tx: Transaction | Database, customerId: number): Promise<string | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx.select({ code: customers.referralCode }).from(customers).where(eq(customers.id, customerId));
    if (!row) return null;
    if (row.code) return row.code;
    const code = newReferralCode();
    const [taken] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.referralCode, code));
    if (taken) continue;
    await tx
      .update(customers)
      .set({ referralCode: code })
      .where(and(eq(customers.id, customerId), isNull(customers.referralCode)));
  }
  const [row] = await tx.select({ code: customers.referralCode }).from(customers).where(eq(customers.id, customerId));
  return row?.code ?? null;
}

export type ReferralShare = { code: string; link: string };

/**
 * What a customer shares to refer someone: the code and the sign-up link
 * carrying it. `storedCode`: the code the caller already read with the
 * customer's row (a page that has it skips the round trip); without one, a
 * code is made.
 */
export async function getReferralShare(customerId: number, storedCode: string | null = null): Promise<ReferralShare | null> {
  const code = storedCode ?? (await ensureReferralCodeInTx(await getDb(), customerId));
  return code ? { code, link: referralLink(getEnv().PUBLIC_URL, code) } : null;
}

/** The share of the account's first own customer record ("Minha conta"); null when it has none yet. */
export async function getAccountReferralShare(userId: string): Promise<ReferralShare | null> {
  const [first] = (await customerIdsOfAccount(userId)).sort((a, b) => a - b);
  return first === undefined ? null : getReferralShare(first);
}

/** Who owns a code, by first name only (the sign-up page greets with it; nothing else of them is shown). */
export async function referrerFirstName(code: string): Promise<string | null> {
  if (!isReferralCode(code)) return null;
  const db = await getDb();
  const [row] = await db.select({ name: customers.name }).from(customers).where(eq(customers.referralCode, code));
  return row ? (row.name.trim().split(/\s+/)[0] ?? null) : null;
}

export type ReferralOutcome = { ok: boolean; message: string };

export const SELF_REFERRAL_MESSAGE = "Este link de indicação é seu: um cliente não pode indicar a si mesmo.";
export const CIRCULAR_REFERRAL_MESSAGE =
  "Indicação circular: quem enviou este link foi indicado (direta ou indiretamente) por você. A indicação não foi registrada.";

async function auditReferral(tx: Transaction, userId: string, customerId: number, referrerId: number, isNewRecord: boolean) {
  await recordAudit(tx, {
    actorUserId: userId,
    actorLabel: "cliente (link de indicação)",
    action: "customer.referral-from-link",
    entity: "customer",
    entityId: String(customerId),
    details: { referredByCustomerId: referrerId, isNewRecord },
  });
}

/**
 * A sign-up through a customer's link: the referrer is recorded on the
 * account's own customer records (a new record, with the account's name and
 * e-mail, when it has none yet), where none is recorded yet. Refused, with
 * the reason, when the code is the account's own (self-referral) or when the
 * referrer was referred, directly or not, by this account's records
 * (circular). Nothing the account sends chooses the records.
 */
export async function recordReferralOfAccount(userId: string, rawCode: string): Promise<ReferralOutcome> {
  const code = readReferralCode(rawCode);
  if (!code) return { ok: false, message: "O código de indicação do link não é válido." };
  const ownIds = await customerIdsOfAccount(userId);
  return inTransaction(async (tx) => {
    const [referrer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.referralCode, code));
    if (!referrer) return { ok: false, message: "O código de indicação do link não foi encontrado." };
    if (ownIds.includes(referrer.id)) return { ok: false, message: SELF_REFERRAL_MESSAGE };
    // Walking up from the referrer must never reach one of this account's records.
    let current: number | null = referrer.id;
    for (let step = 0; current !== null && step < 50; step++) {
      const [row]: { referredBy: number | null }[] = await tx
        .select({ referredBy: customers.referredByCustomerId })
        .from(customers)
        .where(eq(customers.id, current));
      if (!row) break;
      if (row.referredBy !== null && ownIds.includes(row.referredBy)) return { ok: false, message: CIRCULAR_REFERRAL_MESSAGE };
      current = row.referredBy;
    }
    if (ownIds.length === 0) {
      const [account] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
      if (!account) return { ok: false, message: "Conta não encontrada." };
      const [created] = await tx
        .insert(customers)
        .values({ name: account.name, email: account.email, referredByCustomerId: referrer.id })
        .returning({ id: customers.id });
      await tx.insert(customerAccountLinks).values({ customerId: created!.id, userId, state: "linked", changedByUserId: userId });
      await auditReferral(tx, userId, created!.id, referrer.id, true);
      return { ok: true, message: "Indicação registrada. Bem-vindo!" };
    }
    const updated = await tx
      .update(customers)
      .set({ referredByCustomerId: referrer.id, updatedAt: new Date() })
      .where(and(inArray(customers.id, ownIds), isNull(customers.referredByCustomerId)))
      .returning({ id: customers.id });
    if (updated.length === 0) return { ok: true, message: "Sua indicação já estava registrada." };
    for (const { id } of updated) await auditReferral(tx, userId, id, referrer.id, false);
    return { ok: true, message: "Indicação registrada. Bem-vindo!" };
  });
}
