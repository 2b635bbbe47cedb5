import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "~/db/pglite-options";
const client = new PGlite(`${process.env.DATA_DIR}/pglite`, PGLITE_OPTIONS);
for (const q of process.argv.slice(2)) {
  const t = performance.now();
  const res = await client.query(q);
  console.log(`--- ${q} (${(performance.now() - t).toFixed(1)} ms)`);
  console.log(res.rows.map((r) => Object.values(r as Record<string, unknown>).join(" | ")).join("\n"));
}
await client.close();
