import { createHash } from "node:crypto";
import sharp, { type SharpOptions } from "sharp";
import { detectImageFormat, type AcceptedImageFormat } from "./detect-image-format";
import {
  IMAGE_PURPOSE_SPECS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  VARIANT_CONTENT_TYPES,
  type ImagePurposeSpec,
  type UploadPurpose,
  type VariantFormat,
} from "./image-purposes";
import { ImageUploadError, tooSmallError } from "./image-upload-error";

export type ImageVariant = {
  format: VariantFormat;
  contentType: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  /** SHA-256 of the bytes, hex: the file's ETag, and a check that a restored backup holds the same bytes. */
  sha256: string;
};

declare const processedImage: unique symbol;

/**
 * An image that went through processImage: its type checked, re-encoded
 * without metadata, in every size its purpose needs. Only processImage makes
 * one (the brand), so raw bytes from a form can never be stored by mistake.
 */
export type ProcessedImage = {
  readonly purpose: UploadPurpose;
  readonly source: { format: AcceptedImageFormat; width: number; height: number; byteSize: number };
  readonly variants: readonly ImageVariant[];
  readonly [processedImage]: true;
};

/**
 * failOn "error": a truncated or broken file is refused, while the harmless
 * warnings some cameras' files raise are not. The pixel limit is libvips's
 * own guard against decompression bombs, behind the check on the header.
 */
export const INPUT_OPTIONS: SharpOptions = { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS };

type PlannedVariant = { format: VariantFormat; box: number; width: number };

/** Sizes that would come out identical (a small original fits every box) are made once. */
function planVariants(spec: ImagePurposeSpec, width: number, height: number): PlannedVariant[] {
  // A square purpose is cut to the shorter side first, so that side is what the boxes measure.
  const longest = spec.isSquare ? Math.min(width, height) : Math.max(width, height);
  if (spec.isSquare) width = longest;
  const outputWidth = (box: number) => Math.max(1, Math.round(width * Math.min(1, box / longest)));
  const planned: PlannedVariant[] = [];
  const boxes: [VariantFormat, number][] = [
    ...spec.webpSizes.map((size): [VariantFormat, number] => ["webp", size]),
    [spec.share.format, spec.share.size],
  ];
  for (const [format, box] of boxes) {
    const planWidth = outputWidth(box);
    if (!planned.some((other) => other.format === format && other.width === planWidth)) {
      planned.push({ format, box, width: planWidth });
    }
  }
  return planned;
}

function refusalFor(error: unknown): ImageUploadError {
  if (error instanceof ImageUploadError) return error;
  const message = error instanceof Error ? error.message : "";
  if (/pixel limit/i.test(message)) return new ImageUploadError("too-many-pixels", undefined, { cause: error });
  return new ImageUploadError("unreadable", undefined, { cause: error });
}

async function encodeVariant(bytes: Uint8Array, plan: PlannedVariant, spec: ImagePurposeSpec): Promise<ImageVariant> {
  const { quality } = spec;
  // autoOrient turns the pixels as the EXIF orientation says; the output then carries no metadata at all
  // (sharp's default: EXIF with its GPS position, XMP and IPTC dropped, colours converted to sRGB).
  const resized = sharp(bytes, INPUT_OPTIONS)
    .autoOrient()
    .resize(
      spec.isSquare
        ? { width: plan.width, height: plan.width, fit: "cover", position: "centre" }
        : { width: plan.box, height: plan.box, fit: "inside", withoutEnlargement: true },
    );
  const encoded =
    plan.format === "webp"
      ? resized.webp({ quality, alphaQuality: 100 })
      : plan.format === "jpeg"
        ? resized.flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true })
        : resized.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return {
    format: plan.format,
    contentType: VARIANT_CONTENT_TYPES[plan.format],
    width: info.width,
    height: info.height,
    bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    sha256: createHash("sha256").update(data).digest("hex"),
  };
}

/**
 * The whole pipeline, on bytes only (never a URL: the server fetches
 * nothing on anyone's behalf). Refuses with ImageUploadError, and only with
 * it: too many bytes, a type other than JPEG/PNG/WebP by content, too many
 * pixels, too few for the purpose, a file that does not decode.
 */
export async function processImage(bytes: Uint8Array, purpose: UploadPurpose): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageUploadError("too-large");
  const format = detectImageFormat(bytes);
  const spec = IMAGE_PURPOSE_SPECS[purpose];
  try {
    const metadata = await sharp(bytes, INPUT_OPTIONS).metadata();
    // A second opinion from the decoder itself: the first bytes and the format libvips finds must agree.
    if (metadata.format !== format) throw new ImageUploadError("unsupported-type");
    if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw new ImageUploadError("too-many-pixels");
    const { width, height } = metadata.autoOrient;
    if (width < spec.minWidth || height < spec.minHeight) throw tooSmallError(spec.minWidth, spec.minHeight);

    const encoded = await Promise.all(planVariants(spec, width, height).map((plan) => encodeVariant(bytes, plan, spec)));
    // Rounding may still make two sizes equal: the URL (id, width, format) must name one file.
    const variants = encoded.filter(
      (variant, index) =>
        encoded.findIndex((other) => other.format === variant.format && other.width === variant.width) === index,
    );
    const image: Omit<ProcessedImage, typeof processedImage> = {
      purpose,
      source: { format, width, height, byteSize: bytes.length },
      variants,
    };
    return image as ProcessedImage;
  } catch (error) {
    throw refusalFor(error);
  }
}
