import { ImageUploadError } from "./image-upload-error";

export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;
export type AcceptedImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
/** How far into a text file to look for an <svg> element (after an XML prolog, a DOCTYPE, comments). */
const MARKUP_SCAN_BYTES = 4096;

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0) {
  return expected.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number) {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The ISO media file's brands (HEIC, AVIF, MP4 share this container), or null when it is not one. */
function isoMediaBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return null;
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, boxSize > 16 ? boxSize : 16, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

/** A text file of markup with an <svg> element: a drawing that can carry scripts. */
function isSvgText(bytes: Uint8Array) {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, MARKUP_SCAN_BYTES));
  const text = head.replace(/^\uFEFF/, "").trimStart();
  return text.startsWith("<") && /<svg[\s>/]/i.test(text);
}

/**
 * The image's format read from its first bytes, never from its name or the
 * Content-Type the browser sent (both are whatever the sender chose). Only
 * JPEG, PNG and WebP pass; SVG, HEIC, AVIF and GIF get a message of their
 * own, anything else the general one.
 */
export function detectImageFormat(bytes: Uint8Array): AcceptedImageFormat {
  if (bytes.length === 0) throw new ImageUploadError("empty");
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP" && /^VP8[ LX]$/.test(ascii(bytes, 12, 16))) {
    return "webp";
  }
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") throw new ImageUploadError("gif");
  const brands = isoMediaBrands(bytes);
  if (brands) {
    // AVIF files list mif1 too: an avif brand anywhere makes it AVIF.
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) throw new ImageUploadError("avif");
    if (HEIC_BRANDS.has(brands[0] ?? "")) throw new ImageUploadError("heic");
    throw new ImageUploadError("unsupported-type");
  }
  if (isSvgText(bytes)) throw new ImageUploadError("svg");
  throw new ImageUploadError("unsupported-type");
}
