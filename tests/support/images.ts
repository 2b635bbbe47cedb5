import sharp from "sharp";
import { expect } from "vitest";
import { ImageUploadError } from "~/lib/uploads/image-upload-error";

/** Strings written into test photos' EXIF, searched for in what the pipeline outputs. */
export const EXIF_SECRETS = { copyright: "SEGREDO-EXIF-AUTOR", gpsDatum: "SEGREDO-GPS-DATUM" } as const;

export const RED = { r: 220, g: 20, b: 20 };
export const BLUE = { r: 20, g: 20, b: 220 };

type PhotoOptions = { width: number; height: number; orientation?: number; withExif?: boolean };

/**
 * A red picture with a blue square in its top-left corner (a quarter of its
 * height), so a test can tell which way it was turned.
 */
function picture(width: number, height: number, channels: 3 | 4 = 3) {
  const side = Math.max(1, Math.round(Math.min(width, height) / 4));
  return sharp({ create: { width, height, channels, background: { ...RED, alpha: 1 } } }).composite([
    { input: { create: { width: side, height: side, channels, background: { ...BLUE, alpha: 1 } } }, left: 0, top: 0 },
  ]);
}

/** A JPEG as a phone writes it: optionally with an EXIF orientation, an author and a GPS block. */
export async function jpegPhoto({ width, height, orientation, withExif = false }: PhotoOptions) {
  let image = picture(width, height).jpeg({ quality: 90 });
  if (withExif) {
    image = image.withExif({
      IFD0: { Copyright: EXIF_SECRETS.copyright, Make: "Telefone de Teste" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "23/1 33/1 0/1", GPSMapDatum: EXIF_SECRETS.gpsDatum },
    });
  }
  if (orientation) image = image.withMetadata({ orientation });
  return new Uint8Array(await image.toBuffer());
}

export async function pngImage(width: number, height: number, { transparent = false } = {}) {
  const image = transparent
    ? sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([
        {
          input: { create: { width: Math.ceil(width / 2), height, channels: 4, background: { ...BLUE, alpha: 1 } } },
          left: 0,
          top: 0,
        },
      ])
    : picture(width, height);
  return new Uint8Array(await image.png().toBuffer());
}

export async function webpImage(width: number, height: number) {
  return new Uint8Array(await picture(width, height).webp().toBuffer());
}

export async function gifImage(width: number, height: number) {
  return new Uint8Array(await picture(width, height).gif().toBuffer());
}

export async function avifImage(width: number, height: number) {
  return new Uint8Array(await picture(width, height).avif().toBuffer());
}

/** A decompression bomb: a few hundred kilobytes of PNG that decode to width × height pixels. */
export async function pngBomb(width: number, height: number) {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

/** The colour at (x, y) of an encoded image, decoded. */
export async function pixelAt(bytes: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return {
    r: data[offset] ?? 0,
    g: data[offset + 1] ?? 0,
    b: data[offset + 2] ?? 0,
    alpha: info.channels === 4 ? data[offset + 3] : 255,
  };
}

export function isClose(
  actual: { r: number; g: number; b: number },
  expected: { r: number; g: number; b: number },
  tolerance = 40,
) {
  return (
    Math.abs(actual.r - expected.r) <= tolerance &&
    Math.abs(actual.g - expected.g) <= tolerance &&
    Math.abs(actual.b - expected.b) <= tolerance
  );
}

export const TEXT_FILES = {
  svg: '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  html: "<!doctype html><html><body><script>alert(1)</script></body></html>",
  text: "Isto é só um texto, não uma imagem.",
} as const;

/** The ImageUploadError `promise` rejects with; fails the test when it resolves or throws anything else. */
export async function imageUploadRefusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImageUploadError);
  return error as ImageUploadError;
}
