import type { Material, Mesh, Part } from "./glb";

/**
 * A phone or tablet built from rounded rectangles extruded along Z: the body,
 * the screen a hair in front of it, the front camera hole and the camera
 * bump with its lenses on the back. Sizes in metres, so AR shows it life-size.
 */
export type DeviceSpec = {
  name: string;
  width: number;
  height: number;
  depth: number;
  cornerRadius: number;
  bezel: number;
  bodyColor: [number, number, number, number];
  cameraBump: { size: number; radius: number; lens: number; lensCount: 1 | 2 | 3 };
};

type Outline = [number, number][];

const SEGMENTS_PER_CORNER = 10;

function roundedRectangle(width: number, height: number, radius: number, [cx, cy]: [number, number] = [0, 0]): Outline {
  const r = Math.min(radius, width / 2, height / 2);
  const corners: [number, number, number][] = [
    [width / 2 - r, height / 2 - r, 0],
    [-width / 2 + r, height / 2 - r, Math.PI / 2],
    [-width / 2 + r, -height / 2 + r, Math.PI],
    [width / 2 - r, -height / 2 + r, (3 * Math.PI) / 2],
  ];
  const outline: Outline = [];
  for (const [x, y, start] of corners) {
    for (let step = 0; step <= SEGMENTS_PER_CORNER; step++) {
      const angle = start + (step / SEGMENTS_PER_CORNER) * (Math.PI / 2);
      const point: [number, number] = [cx + x + r * Math.cos(angle), cy + y + r * Math.sin(angle)];
      const previous = outline.at(-1);
      // A full circle (radius = half the size) repeats the point where two arcs meet.
      if (!previous || Math.hypot(previous[0] - point[0], previous[1] - point[1]) > 1e-9) outline.push(point);
    }
  }
  const [first, last] = [outline[0]!, outline.at(-1)!];
  if (Math.hypot(first[0] - last[0], first[1] - last[1]) < 1e-9) outline.pop();
  return outline;
}

/** A convex, counter-clockwise outline extruded from zBack to zFront, smooth-shaded on its sides. */
function extrude(outline: Outline, zBack: number, zFront: number): Mesh {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  const count = outline.length;
  const [cx, cy] = outline.reduce(([x, y], [px, py]) => [x + px / count, y + py / count], [0, 0]);

  for (const [z, nz] of [
    [zFront, 1],
    [zBack, -1],
  ] as const) {
    const center = positions.length / 3;
    positions.push(cx, cy, z);
    normals.push(0, 0, nz);
    for (const [x, y] of outline) {
      positions.push(x, y, z);
      normals.push(0, 0, nz);
    }
    for (let index = 0; index < count; index++) {
      const a = center + 1 + index;
      const b = center + 1 + ((index + 1) % count);
      if (nz > 0) indices.push(center, a, b);
      else indices.push(center, b, a);
    }
  }

  const sideStart = positions.length / 3;
  for (let index = 0; index < count; index++) {
    const [px, py] = outline[(index - 1 + count) % count]!;
    const [x, y] = outline[index]!;
    const [nx, ny] = outline[(index + 1) % count]!;
    // Outward normal of a counter-clockwise outline: the edge direction turned right, averaged over both edges.
    let normalX = y - py + (ny - y);
    let normalY = -(x - px) - (nx - x);
    const length = Math.hypot(normalX, normalY) || 1;
    normalX /= length;
    normalY /= length;
    positions.push(x, y, zFront, x, y, zBack);
    normals.push(normalX, normalY, 0, normalX, normalY, 0);
  }
  for (let index = 0; index < count; index++) {
    const aFront = sideStart + index * 2;
    const aBack = aFront + 1;
    const bFront = sideStart + ((index + 1) % count) * 2;
    const bBack = bFront + 1;
    indices.push(aFront, aBack, bFront, bFront, aBack, bBack);
  }
  return { positions, normals, indices };
}

function merge(meshes: Mesh[]): Mesh {
  const merged: Mesh = { positions: [], normals: [], indices: [] };
  for (const mesh of meshes) {
    const offset = merged.positions.length / 3;
    merged.positions.push(...mesh.positions);
    merged.normals.push(...mesh.normals);
    merged.indices.push(...mesh.indices.map((index) => index + offset));
  }
  return merged;
}

const SCREEN: Material = {
  name: "Tela",
  baseColor: [0.02, 0.03, 0.06, 1],
  metallic: 0,
  roughness: 0.08,
  emissive: [0.04, 0.1, 0.24],
};
const GLASS_BLACK: Material = { name: "Vidro preto", baseColor: [0.01, 0.01, 0.012, 1], metallic: 0.2, roughness: 0.05 };

export function buildDeviceParts(spec: DeviceSpec): Part[] {
  const { width, height, depth, cornerRadius, bezel, cameraBump } = spec;
  const front = depth / 2;
  const back = -depth / 2;
  const body: Material = { name: `Corpo ${spec.name}`, baseColor: spec.bodyColor, metallic: 0.65, roughness: 0.35 };

  const screen = extrude(
    roundedRectangle(width - bezel * 2, height - bezel * 2, cornerRadius - bezel / 2),
    front,
    front + 0.0002,
  );
  const frontCamera = extrude(
    roundedRectangle(bezel * 0.9, bezel * 0.9, bezel, [0, height / 2 - bezel * 2.2]),
    front,
    front + 0.00025,
  );

  const bumpCenter: [number, number] = [
    -width / 2 + bezel + cameraBump.size / 2 + 0.003,
    height / 2 - bezel - cameraBump.size / 2 - 0.003,
  ];
  const bump = extrude(roundedRectangle(cameraBump.size, cameraBump.size, cameraBump.radius, bumpCenter), back - 0.0012, back);
  const lensOffsets: [number, number][] = [
    [-0.25, 0.25],
    [-0.25, -0.25],
    [0.25, 0],
  ];
  const lenses = lensOffsets
    .slice(0, cameraBump.lensCount)
    .map(([dx, dy]) =>
      extrude(
        roundedRectangle(cameraBump.lens, cameraBump.lens, cameraBump.lens, [
          bumpCenter[0] + dx * cameraBump.size,
          bumpCenter[1] + dy * cameraBump.size,
        ]),
        back - 0.0016,
        back - 0.0012,
      ),
    );

  return [
    { name: "Corpo", mesh: merge([extrude(roundedRectangle(width, height, cornerRadius), back, front), bump]), material: body },
    { name: "Tela", mesh: screen, material: SCREEN },
    { name: "Câmeras", mesh: merge([frontCamera, ...lenses]), material: GLASS_BLACK },
  ];
}
