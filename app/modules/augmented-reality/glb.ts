/**
 * A minimal binary glTF 2.0 (.glb) writer: triangle meshes with positions,
 * normals and indices, one PBR material each. Enough for the shop's own 3D
 * models (scripts/generate-3d-model.ts) without a 3D library.
 */
export type Vec3 = [number, number, number];
export type Mesh = { positions: number[]; normals: number[]; indices: number[] };
export type Material = {
  name: string;
  baseColor: [number, number, number, number];
  metallic: number;
  roughness: number;
  emissive?: Vec3;
};
export type Part = { name: string; mesh: Mesh; material: Material };

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"
const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

const padTo4 = (length: number) => (4 - (length % 4)) % 4;

function bounds(positions: number[]) {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let index = 0; index < positions.length; index++) {
    // Stored as float32: the bounds must be the float32 values too, or validators complain.
    const value = Math.fround(positions[index]!);
    const axis = index % 3;
    min[axis] = Math.min(min[axis]!, value);
    max[axis] = Math.max(max[axis]!, value);
  }
  return { min, max };
}

export function encodeGlb(parts: Part[], { sceneName, generator }: { sceneName: string; generator: string }): Uint8Array {
  const chunks: Uint8Array[] = [];
  let byteLength = 0;
  const bufferViews: object[] = [];
  const accessors: object[] = [];

  function addView(bytes: Uint8Array, target: number) {
    bufferViews.push({ buffer: 0, byteOffset: byteLength, byteLength: bytes.byteLength, target });
    chunks.push(bytes);
    byteLength += bytes.byteLength;
    const padding = padTo4(bytes.byteLength);
    if (padding) {
      chunks.push(new Uint8Array(padding));
      byteLength += padding;
    }
    return bufferViews.length - 1;
  }

  const meshes = parts.map((part, partIndex) => {
    const { positions, normals, indices } = part.mesh;
    const vertexCount = positions.length / 3;
    const position = addView(new Uint8Array(new Float32Array(positions).buffer), ARRAY_BUFFER);
    accessors.push({ bufferView: position, componentType: FLOAT, count: vertexCount, type: "VEC3", ...bounds(positions) });
    const normal = addView(new Uint8Array(new Float32Array(normals).buffer), ARRAY_BUFFER);
    accessors.push({ bufferView: normal, componentType: FLOAT, count: vertexCount, type: "VEC3" });
    const isShort = vertexCount <= 0xffff;
    const indexBytes = new Uint8Array((isShort ? new Uint16Array(indices) : new Uint32Array(indices)).buffer);
    const index = addView(indexBytes, ELEMENT_ARRAY_BUFFER);
    accessors.push({
      bufferView: index,
      componentType: isShort ? UNSIGNED_SHORT : UNSIGNED_INT,
      count: indices.length,
      type: "SCALAR",
    });
    const first = accessors.length - 3;
    return {
      name: part.name,
      primitives: [{ attributes: { POSITION: first, NORMAL: first + 1 }, indices: first + 2, material: partIndex, mode: 4 }],
    };
  });

  const json = {
    asset: { version: "2.0", generator },
    scene: 0,
    scenes: [{ name: sceneName, nodes: [0] }],
    nodes: [
      { name: sceneName, children: parts.map((_, index) => index + 1) },
      ...parts.map((part, index) => ({ name: part.name, mesh: index })),
    ],
    meshes,
    materials: parts.map(({ material }) => ({
      name: material.name,
      pbrMetallicRoughness: {
        baseColorFactor: material.baseColor,
        metallicFactor: material.metallic,
        roughnessFactor: material.roughness,
      },
      ...(material.emissive ? { emissiveFactor: material.emissive } : {}),
    })),
    accessors,
    bufferViews,
    buffers: [{ byteLength }],
  };

  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonPadded = new Uint8Array(jsonBytes.byteLength + padTo4(jsonBytes.byteLength)).fill(0x20);
  jsonPadded.set(jsonBytes);
  const total = 12 + 8 + jsonPadded.byteLength + 8 + byteLength;

  const glb = new Uint8Array(total);
  const view = new DataView(glb.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonPadded.byteLength, true);
  view.setUint32(16, CHUNK_JSON, true);
  glb.set(jsonPadded, 20);
  let offset = 20 + jsonPadded.byteLength;
  view.setUint32(offset, byteLength, true);
  view.setUint32(offset + 4, CHUNK_BIN, true);
  offset += 8;
  for (const chunk of chunks) {
    glb.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return glb;
}

/** Reads a .glb back into its JSON and binary chunk (used by the tests). */
export function decodeGlb(glb: Uint8Array) {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC) throw new Error("not a glb");
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== CHUNK_JSON) throw new Error("first chunk is not JSON");
  const json: unknown = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const binOffset = 20 + jsonLength;
  const binLength = view.getUint32(binOffset, true);
  if (view.getUint32(binOffset + 4, true) !== CHUNK_BIN) throw new Error("second chunk is not BIN");
  return {
    version: view.getUint32(4, true),
    declaredLength: view.getUint32(8, true),
    json,
    bin: glb.subarray(binOffset + 8, binOffset + 8 + binLength),
  };
}
