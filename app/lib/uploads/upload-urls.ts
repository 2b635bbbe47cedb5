import type { VariantFormat } from "./image-purposes";
import { lookup } from "~/lib/lookup";

/** Where every uploaded file is served; its own route in the server (app/server/app.server.ts; and app/routes/uploads.ts in development). */
export const UPLOADS_PATH = "/arquivos/";

/** 128 random bits in lower-case hex: unguessable, and safe in a URL and a file name as is. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

const EXTENSIONS: Record<VariantFormat, string> = { webp: "webp", jpeg: "jpg", png: "png" };
const FORMAT_OF_EXTENSION: Record<string, VariantFormat> = { webp: "webp", jpg: "jpeg", png: "png" };
const FILE_NAME = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.(webp|jpg|png)$/;

export type UploadFileRef = { uploadId: string; width: number; format: VariantFormat };

/**
 * `<id>-<width>.<ext>`: one name per variant, whose bytes never change, so
 * browsers may keep it for a year without asking again.
 */
export function uploadFileName({ uploadId, width, format }: UploadFileRef) {
  return `${uploadId}-${width}.${EXTENSIONS[format]}`;
}

export function uploadUrl(ref: UploadFileRef) {
  return `${UPLOADS_PATH}${uploadFileName(ref)}`;
}

/** The variant a file name asks for, or null when the name could not have come from uploadFileName. */
export function parseUploadFileName(fileName: string): UploadFileRef | null {
  const match = FILE_NAME.exec(fileName);
  if (!match) return null;
  const [, uploadId = "", width = "", extension = ""] = match;
  const format = lookup(FORMAT_OF_EXTENSION, extension);
  return format ? { uploadId, width: Number(width), format } : null;
}
