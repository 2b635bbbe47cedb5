import { spawn } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "./support/test";

/**
 * Issue 26 §6, reduced: `npm run proof:instances -- --quick` (two servers from
 * this build on one PostgreSQL behind a round-robin proxy: one seed, a
 * session valid on both, shared rate limits, a settings change seen on the
 * other within seconds, unique order/sale/plan numbers under concurrent
 * writers). The full form (also scheduled posts published once when both
 * restart at once) is the npm script.
 */
test("duas instâncias num PostgreSQL atrás de um proxy se comportam como uma loja só", async ({ isMobile }) => {
  test.skip(isMobile, "processos, não tela");
  test.skip(!process.env.TEST_DATABASE_URL, "PostgreSQL: TEST_DATABASE_URL não definido");
  test.setTimeout(240_000);
  const proof = spawn(process.execPath, ["--import", "tsx", "scripts/proof-instances.ts", "--quick"], {
    env: process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proof.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  proof.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const [code] = (await once(proof, "exit")) as [number | null];
  expect(code, output).toBe(0);
});
