import type { UploadPurpose, VariantFormat } from "./image-purposes";
import { uploadUrl } from "./upload-urls";

export type UploadedImageFile = { url: string; format: VariantFormat; width: number; height: number };

/**
 * What a page needs to show an upload without layout shift: the WebP files
 * for `srcset` (smallest first), the largest one as `src` with its width and
 * height, and the JPEG/PNG file for og:image, e-mails and print.
 */
export type UploadedImage = {
  id: string;
  purpose: UploadPurpose;
  src: string;
  width: number;
  height: number;
  srcSet: string;
  files: UploadedImageFile[];
  share: UploadedImageFile;
};

export type UploadVariantRef = { format: VariantFormat; width: number; height: number };

/** The page's view of an upload from its variants (as stored or as just processed). */
export function toUploadedImage(id: string, purpose: UploadPurpose, variants: readonly UploadVariantRef[]): UploadedImage {
  const files = variants
    .map(({ format, width, height }) => ({ url: uploadUrl({ uploadId: id, width, format }), format, width, height }))
    .sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
  const webp = files.filter((file) => file.format === "webp");
  const largest = webp.at(-1) ?? files.at(-1);
  const share = files.find((file) => file.format !== "webp") ?? largest;
  if (!largest || !share) throw new Error(`Upload ${id} sem variantes`);
  return {
    id,
    purpose,
    src: largest.url,
    width: largest.width,
    height: largest.height,
    srcSet: webp.map((file) => `${file.url} ${file.width}w`).join(", "),
    files,
    share,
  };
}
