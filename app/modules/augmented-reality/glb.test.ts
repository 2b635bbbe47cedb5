import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildDeviceParts } from "./device-model";
import { decodeGlb, encodeGlb } from "./glb";
import { SHOWROOM_MODELS } from "./models";

type Accessor = { bufferView: number; componentType: number; count: number; type: string; min?: number[]; max?: number[] };
type BufferView = { byteOffset: number; byteLength: number };
type Gltf = {
  asset: { version: string };
  accessors: Accessor[];
  bufferViews: BufferView[];
  buffers: { byteLength: number }[];
  meshes: { primitives: { attributes: { POSITION: number; NORMAL: number }; indices: number; material: number }[] }[];
  materials: { pbrMetallicRoughness: { baseColorFactor: number[] } }[];
};

const encode = (model: (typeof SHOWROOM_MODELS)[number]) =>
  encodeGlb(buildDeviceParts(model.spec), { sceneName: model.name, generator: "Balcão generate-3d-model" });

describe.each(SHOWROOM_MODELS)("the $slug model", (model) => {
  const glb = encode(model);
  const { version, declaredLength, json, bin } = decodeGlb(glb);
  const gltf = json as Gltf;

  it("is a glTF 2.0 binary whose chunks add up", () => {
    expect(version).toBe(2);
    expect(declaredLength).toBe(glb.byteLength);
    expect(gltf.asset.version).toBe("2.0");
    expect(gltf.buffers[0]!.byteLength).toBe(bin.byteLength);
    expect(bin.byteLength % 4).toBe(0);
  });

  it("has views inside the buffer and indices that point at existing vertices", () => {
    for (const view of gltf.bufferViews) {
      expect(view.byteOffset % 4).toBe(0);
      expect(view.byteOffset + view.byteLength).toBeLessThanOrEqual(bin.byteLength);
    }
    for (const mesh of gltf.meshes) {
      for (const primitive of mesh.primitives) {
        const position = gltf.accessors[primitive.attributes.POSITION]!;
        const indices = gltf.accessors[primitive.indices]!;
        const view = gltf.bufferViews[indices.bufferView]!;
        const values = new Uint16Array(
          bin.buffer.slice(bin.byteOffset + view.byteOffset, bin.byteOffset + view.byteOffset + view.byteLength),
        );
        expect(indices.count % 3).toBe(0);
        expect(Math.max(...values)).toBeLessThan(position.count);
        expect(gltf.accessors[primitive.attributes.NORMAL]!.count).toBe(position.count);
        expect(gltf.materials[primitive.material]!.pbrMetallicRoughness.baseColorFactor).toHaveLength(4);
      }
    }
  });

  it("is life-size: its bounds match the device's width, height and depth", () => {
    const body = gltf.accessors[gltf.meshes[0]!.primitives[0]!.attributes.POSITION]!;
    expect(body.max![0]! - body.min![0]!).toBeCloseTo(model.spec.width, 4);
    expect(body.max![1]! - body.min![1]!).toBeCloseTo(model.spec.height, 4);
    expect(body.max![2]! - body.min![2]!).toBeGreaterThanOrEqual(model.spec.depth);
  });

  it("is the file committed under public/ (run `npm run generate:models` after changing a model)", () => {
    const committed = fs.readFileSync(path.join("public", model.src));
    expect(Buffer.compare(committed, Buffer.from(glb))).toBe(0);
  });
});
