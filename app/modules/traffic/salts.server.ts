import { randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { trafficSalts } from "~/db/schema/traffic";

/** This process's copy of the day's salt: read from the database once a day. */
let cached: { day: string; salt: string } | null = null;

/**
 * The salt of the visitor hash for a shop day, kept in the database so every
 * instance and a restart hash alike; the first instance to need it creates it
 * (another one racing it reads the winner's). A new day's salt deletes the
 * ones before it: yesterday's hashes can no longer be recomputed from an
 * address, and a day's visitors stay apart from the next day's.
 */
export async function saltOfDay(day: string): Promise<string> {
  if (cached?.day === day) return cached.salt;
  const db = await getDb();
  const inserted = await db
    .insert(trafficSalts)
    .values({ day, salt: randomBytes(32).toString("hex") })
    .onConflictDoNothing()
    .returning({ salt: trafficSalts.salt });
  if (inserted.length > 0) await db.delete(trafficSalts).where(lt(trafficSalts.day, day));
  const [row] =
    inserted.length > 0
      ? inserted
      : await db.select({ salt: trafficSalts.salt }).from(trafficSalts).where(eq(trafficSalts.day, day));
  if (!row) throw new Error(`sal do dia ${day} não encontrado`);
  cached = { day, salt: row.salt };
  return row.salt;
}

/** Deletes the salts of days before `today` (the rollup job, in case no visit came today). */
export async function deleteOldSalts(today: string) {
  const db = await getDb();
  await db.delete(trafficSalts).where(lt(trafficSalts.day, today));
  if (cached && cached.day < today) cached = null;
}
