import { getDb, closeDb } from "~/db/client.server";
const db = await getDb();
const client = (db as unknown as { $client: { query: (q: string, p?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;
for (const q of process.argv.slice(2)) {
  const t = performance.now();
  const res = await client.query(q);
  console.log(`--- ${q} (${(performance.now() - t).toFixed(1)} ms)`);
  console.log(res.rows.map((r) => Object.values(r).join(" | ")).join("\n"));
}
await closeDb();
