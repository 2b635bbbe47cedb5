/**
 * Runs after `react-router build`: writes .br and .gz copies of the hashed
 * assets, so the server sends them precompressed instead of compressing the
 * same bytes on every request.
 */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ASSETS_DIR = path.resolve("build/client/assets");
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

let count = 0;
for (const name of fs.readdirSync(ASSETS_DIR)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(ASSETS_DIR, name);
  const content = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`${count} arquivos comprimidos em build/client/assets (.br e .gz).`);
