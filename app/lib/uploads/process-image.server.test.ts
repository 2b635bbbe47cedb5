import * as fc from "fast-check";
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  BLUE,
  EXIF_SECRETS,
  imageUploadRefusal,
  isClose,
  jpegPhoto,
  pixelAt,
  pngBomb,
  pngImage,
  RED,
  TEXT_FILES,
  webpImage,
} from "../../../tests/support/images";
import { IMAGE_PURPOSE_SPECS, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, UPLOAD_PURPOSES } from "./image-purposes";
import { ImageUploadError } from "./image-upload-error";
import { INPUT_OPTIONS, processImage } from "./process-image.server";

const encode = (text: string) => new TextEncoder().encode(text);

function pngChunk(type: string, data: Uint8Array) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few dozen bytes whose header declares `width` × `height` RGB pixels: a decompression bomb's promise. */
function pngDeclaring(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(1024))),
      pngChunk("IEND", new Uint8Array()),
    ]),
  );
}

function contains(haystack: Uint8Array, needle: string) {
  return Buffer.from(haystack).includes(Buffer.from(needle));
}

describe("processImage", () => {
  it("makes every size a product photo needs, in WebP plus one JPEG, with their real dimensions", async () => {
    const image = await processImage(await jpegPhoto({ width: 2000, height: 1500 }), "product-photo");
    expect(image.source).toEqual({ format: "jpeg", width: 2000, height: 1500, byteSize: expect.any(Number) });
    expect(image.variants.map(({ format, width, height }) => [format, width, height])).toEqual([
      ["webp", 320, 240],
      ["webp", 640, 480],
      ["webp", 1280, 960],
      ["jpeg", 1280, 960],
    ]);
    for (const variant of image.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([variant.format, variant.width, variant.height]);
      expect(variant.contentType).toBe(`image/${variant.format}`);
      expect(variant.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("reads a PNG as PNG whatever it was called, and a portrait keeps its longest side within the box", async () => {
    // The pipeline has no file name to be fooled by: a PNG "foto.jpg" arrives as its bytes.
    const image = await processImage(await pngImage(900, 1800), "product-photo");
    expect(image.source.format).toBe("png");
    expect(image.variants.map(({ format, width, height }) => [format, width, height])).toEqual([
      ["webp", 160, 320],
      ["webp", 320, 640],
      ["webp", 640, 1280],
      ["jpeg", 640, 1280],
    ]);
  });

  it("never enlarges: a small original gives fewer variants, none wider than itself", async () => {
    const image = await processImage(await webpImage(700, 400), "blog-cover");
    expect(image.source.format).toBe("webp");
    expect(image.variants.map(({ format, width, height }) => [format, width, height])).toEqual([
      ["webp", 480, 274],
      ["webp", 700, 400],
      ["jpeg", 700, 400],
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 200, max: 1500 }),
        fc.integer({ min: 200, max: 1500 }),
        fc.constantFrom(...UPLOAD_PURPOSES),
        async (width, height, purpose) => {
          const spec = IMAGE_PURPOSE_SPECS[purpose];
          if (width < spec.minWidth || height < spec.minHeight) return;
          const result = await processImage(await pngImage(width, height), purpose);
          for (const variant of result.variants) {
            expect(variant.width).toBeLessThanOrEqual(width);
            expect(variant.height).toBeLessThanOrEqual(height);
            if (spec.isSquare) {
              expect(variant.width).toBe(variant.height);
              continue;
            }
            // The shape survives the resize, to the pixel of rounding.
            const scale = Math.max(variant.width, variant.height) / Math.max(width, height);
            expect(Math.abs(variant.width - width * scale)).toBeLessThanOrEqual(1);
            expect(Math.abs(variant.height - height * scale)).toBeLessThanOrEqual(1);
          }
          const names = result.variants.map((variant) => `${variant.format}-${variant.width}`);
          expect(new Set(names).size).toBe(names.length);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("cuts a reviewer's photo to a centred square, small, whatever its shape", async () => {
    const landscape = await processImage(await jpegPhoto({ width: 1200, height: 800 }), "review-photo");
    expect(landscape.variants.map(({ format, width, height }) => [format, width, height])).toEqual([
      ["webp", 80, 80],
      ["webp", 160, 160],
      ["jpeg", 160, 160],
    ]);
    const smallPortrait = await processImage(await pngImage(100, 300), "review-photo");
    expect(smallPortrait.variants.map(({ format, width, height }) => [format, width, height])).toEqual([
      ["webp", 80, 80],
      ["webp", 100, 100],
      ["jpeg", 100, 100],
    ]);
    for (const variant of [...landscape.variants, ...smallPortrait.variants]) {
      const metadata = await sharp(variant.bytes).metadata();
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    }
  });

  it("removes EXIF, its GPS position and every other metadata from what it writes", async () => {
    const original = await jpegPhoto({ width: 800, height: 600, withExif: true });
    expect(contains(original, EXIF_SECRETS.copyright)).toBe(true);
    expect(contains(original, EXIF_SECRETS.gpsDatum)).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const image = await processImage(original, "blog-cover");
    for (const variant of image.variants) {
      expect(contains(variant.bytes, EXIF_SECRETS.copyright)).toBe(false);
      expect(contains(variant.bytes, EXIF_SECRETS.gpsDatum)).toBe(false);
      expect(contains(variant.bytes, "Telefone de Teste")).toBe(false);
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
  });

  it("turns the picture as the camera's orientation says, then forgets the orientation", async () => {
    // Stored 400 × 300 with orientation 6: the camera was held upright, so it is shown 300 × 400, turned clockwise.
    const original = await jpegPhoto({ width: 400, height: 300, orientation: 6 });
    const image = await processImage(original, "product-photo");
    expect(image.source).toMatchObject({ width: 300, height: 400 });
    const largest = image.variants.find((variant) => variant.format === "webp" && variant.width === 300);
    expect(largest).toMatchObject({ width: 300, height: 400 });
    // The blue corner, top-left as stored, is top-right once turned.
    expect(isClose(await pixelAt(largest!.bytes, 290, 10), BLUE)).toBe(true);
    expect(isClose(await pixelAt(largest!.bytes, 10, 10), RED)).toBe(true);
  });

  it("keeps a logo's transparency in WebP and in its PNG, and flattens photos' JPEG on white", async () => {
    const logo = await processImage(await pngImage(600, 200, { transparent: true }), "logo");
    expect(logo.variants.map(({ format, width }) => `${format}-${width}`)).toEqual([
      "webp-128",
      "webp-256",
      "webp-512",
      "png-512",
    ]);
    for (const variant of logo.variants) {
      expect((await sharp(variant.bytes).metadata()).hasAlpha).toBe(true);
      expect((await pixelAt(variant.bytes, variant.width - 2, 2)).alpha).toBe(0);
      expect((await pixelAt(variant.bytes, 2, 2)).alpha).toBe(255);
    }
    const photo = await processImage(await pngImage(600, 400, { transparent: true }), "product-photo");
    const jpeg = photo.variants.find((variant) => variant.format === "jpeg");
    expect(isClose(await pixelAt(jpeg!.bytes, jpeg!.width - 2, 2), { r: 255, g: 255, b: 255 }, 8)).toBe(true);
  });

  it("refuses SVG, HTML and text, whatever name they came with", async () => {
    expect((await imageUploadRefusal(processImage(encode(TEXT_FILES.svg), "logo"))).code).toBe("svg");
    expect((await imageUploadRefusal(processImage(encode(TEXT_FILES.html), "logo"))).code).toBe("unsupported-type");
    expect((await imageUploadRefusal(processImage(encode(TEXT_FILES.text), "product-photo"))).code).toBe("unsupported-type");
    expect((await imageUploadRefusal(processImage(new Uint8Array(), "product-photo"))).message).toBe(
      "Escolha uma imagem para enviar.",
    );
  });

  it("refuses a decompression bomb by its pixels, before decoding it", async () => {
    const bomb = await pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    const error = await imageUploadRefusal(processImage(bomb, "blog-cover"));
    expect(error.code).toBe("too-many-pixels");
    expect(error.message).toBe("A imagem passa de 50 megapixels. Reduza a resolução e envie de novo.");
    expect(10_000 * 10_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });

  it("refuses a tiny PNG that declares huge dimensions, from its header, at once", async () => {
    for (const [width, height] of [
      [100_000, 100_000],
      [2 ** 31 - 1, 1],
      [MAX_IMAGE_PIXELS, 2],
    ] as const) {
      const bomb = pngDeclaring(width, height);
      expect(bomb.length).toBeLessThan(200);
      const started = performance.now();
      const error = await imageUploadRefusal(processImage(bomb, "blog-cover"));
      expect(["too-many-pixels", "unreadable"], `${width}×${height}`).toContain(error.code);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    // libvips's own pixel limit stays on, behind the header check: a file whose header lies is stopped while decoding.
    expect(INPUT_OPTIONS).toMatchObject({ limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" });
  });

  it("refuses a script or a page named .jpg, and an SVG with a script, by content", async () => {
    const disguised = [
      "alert(document.cookie)",
      "<?php system($_GET['c']); ?>",
      "<html><script>alert(1)</script></html>",
      TEXT_FILES.svg,
      // A GIF/JavaScript polyglot: GIF is not taken, whatever else it is.
      "GIF89a/*\x01\x00\x01\x00*/=alert(1)//",
    ];
    for (const text of disguised) {
      const error = await imageUploadRefusal(processImage(encode(text), "product-photo"));
      expect(["unsupported-type", "svg", "gif"], text).toContain(error.code);
    }
  });

  it("takes an image with a script hidden after it (a polyglot) only as new pixels: nothing of the script is stored", async () => {
    const payload = "<script>alert(1)</script><?php system($_GET['c']); ?>";
    const jpeg = await jpegPhoto({ width: 800, height: 600 });
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366cc" } })
      .png()
      .withMetadata({ exif: { IFD0: { ImageDescription: payload } } })
      .toBuffer();
    const polyglots = [new Uint8Array([...jpeg, ...encode(payload)]), new Uint8Array(png)];
    for (const bytes of polyglots) {
      expect(contains(bytes, "<script>")).toBe(true);
      const image = await processImage(bytes, "product-photo");
      for (const variant of image.variants) {
        expect(contains(variant.bytes, "<script>"), variant.format).toBe(false);
        expect(contains(variant.bytes, "<?php"), variant.format).toBe(false);
        expect(variant.contentType).toMatch(/^image\/(webp|jpeg|png)$/);
      }
    }
  });

  it("refuses more bytes than the cap without looking at them", async () => {
    const tooBig = new Uint8Array(MAX_IMAGE_BYTES + 1);
    tooBig.set(await jpegPhoto({ width: 400, height: 300 }));
    const error = await imageUploadRefusal(processImage(tooBig, "product-photo"));
    expect(error.code).toBe("too-large");
    expect(error.message).toBe("A imagem passa de 8 MB. Envie uma imagem menor.");
  });

  it("refuses an image too small for its purpose, saying the minimum", async () => {
    const error = await imageUploadRefusal(processImage(await jpegPhoto({ width: 150, height: 150 }), "product-photo"));
    expect(error.code).toBe("too-small");
    expect(error.message).toBe("A imagem é pequena demais: envie uma com pelo menos 200 × 200 pixels.");
    // A wide, short logo is fine.
    await expect(processImage(await pngImage(300, 40), "logo")).resolves.toBeDefined();
  });

  it("refuses a JPEG cut short and a file whose signature lies about the rest", async () => {
    const photo = await jpegPhoto({ width: 800, height: 600 });
    expect((await imageUploadRefusal(processImage(photo.subarray(0, 600), "product-photo"))).code).toBe("unreadable");
    const fake = new Uint8Array([0xff, 0xd8, 0xff, ...encode(TEXT_FILES.svg)]);
    expect((await imageUploadRefusal(processImage(fake, "product-photo"))).code).toBe("unreadable");
  });

  it("answers random bytes with ImageUploadError and nothing else", async () => {
    const signatures = [
      [],
      [0xff, 0xd8, 0xff],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [...encode("RIFF"), 0x10, 0, 0, 0, ...encode("WEBPVP8 ")],
      [...encode("RIFF"), 0x10, 0, 0, 0, ...encode("WEBPVP8L")],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...signatures),
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom(...UPLOAD_PURPOSES),
        async (signature, rest, purpose) => {
          const bytes = new Uint8Array([...signature, ...rest]);
          const outcome = await processImage(bytes, purpose).then(
            () => null,
            (error: unknown) => error,
          );
          // Random bytes are never an image; if one ever decodes, it went through the whole pipeline.
          if (outcome !== null) expect(outcome).toBeInstanceOf(ImageUploadError);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("answers a real image with random damage the same way", async () => {
    const photo = await pngImage(300, 300);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: photo.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
        async (damage) => {
          const damaged = photo.slice();
          for (const [index, value] of damage) damaged[index] = value;
          const outcome = await processImage(damaged, "product-photo").then(
            () => null,
            (error: unknown) => error,
          );
          if (outcome !== null) expect(outcome).toBeInstanceOf(ImageUploadError);
        },
      ),
      { numRuns: 100 },
    );
  });
});
