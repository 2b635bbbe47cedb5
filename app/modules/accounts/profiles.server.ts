import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";

export type Profile = typeof profiles.$inferSelect;

export async function ensureProfile(values: { userId: string; email: string; fullName: string | null | undefined }) {
  const db = await getDb();
  await db
    .insert(profiles)
    .values({ userId: values.userId, email: values.email, fullName: values.fullName?.trim() ?? "" })
    .onConflictDoNothing();
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
