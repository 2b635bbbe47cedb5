import { eq } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";

export type Profile = typeof profiles.$inferSelect;

type ProfileValues = { userId: string; email: string; fullName: string | null | undefined };

export async function ensureProfileInTx(tx: Transaction, values: ProfileValues) {
  await tx
    .insert(profiles)
    .values({ userId: values.userId, email: values.email, fullName: values.fullName?.trim() ?? "" })
    .onConflictDoNothing();
}

export function ensureProfile(values: ProfileValues) {
  return inTransaction((tx) => ensureProfileInTx(tx, values));
}

export async function ensureProfileForUser(userId: string) {
  const db = await getDb();
  const [account] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  if (account) await ensureProfile({ userId, email: account.email, fullName: account.name });
}

export async function findProfile(userId: string): Promise<Profile | null> {
  const db = await getDb();
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return profile ?? null;
}
