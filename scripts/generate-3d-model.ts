/**
 * npm run generate:models — writes the 3D models of /realidade-aumentada to
 * public/models/*.glb from plain geometry (app/modules/augmented-reality).
 * The output is deterministic and committed; run this only after changing a model.
 */
import fs from "node:fs";
import path from "node:path";
import { buildDeviceParts } from "~/modules/augmented-reality/device-model";
import { encodeGlb } from "~/modules/augmented-reality/glb";
import { SHOWROOM_MODELS } from "~/modules/augmented-reality/models";

const PUBLIC_DIR = path.resolve("public");

for (const model of SHOWROOM_MODELS) {
  const glb = encodeGlb(buildDeviceParts(model.spec), { sceneName: model.name, generator: "Balcão generate-3d-model" });
  const file = path.join(PUBLIC_DIR, model.src);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, glb);
  console.log(`${path.relative(process.cwd(), file)}: ${glb.byteLength} bytes`);
}
