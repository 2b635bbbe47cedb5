import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import { uploads, uploadVariants } from "~/db/schema/uploads";
import { VARIANT_CONTENT_TYPES } from "~/lib/uploads/image-purposes";
import { UPLOAD_ID_PATTERN, type UploadFileRef } from "~/lib/uploads/upload-urls";
import { toUploadedImage, type UploadedImage } from "~/lib/uploads/uploaded-image";

export type UploadFile = { bytes: Uint8Array; contentType: string; sha256: string };

/** The bytes of one variant, or null when no such file was ever stored. */
export async function findUploadFile({ uploadId, width, format }: UploadFileRef): Promise<UploadFile | null> {
  const db = await getDb();
  const [row] = await db
    .select({ bytes: uploadVariants.bytes, sha256: uploadVariants.sha256 })
    .from(uploadVariants)
    .where(and(eq(uploadVariants.uploadId, uploadId), eq(uploadVariants.format, format), eq(uploadVariants.width, width)));
  return row ? { bytes: row.bytes, contentType: VARIANT_CONTENT_TYPES[format], sha256: row.sha256 } : null;
}

/**
 * Pages' view of several uploads at once (a product list with its photos),
 * in one query, keyed by id; ids that name nothing are absent.
 */
export async function getUploadedImages(ids: readonly string[]): Promise<Map<string, UploadedImage>> {
  return selectUploadedImages(await getDb(), ids);
}

/** The same, in the caller's transaction (a document issued inside it shows the shop's logo). */
export function readUploadedImagesInTx(tx: Transaction, ids: readonly string[]): Promise<Map<string, UploadedImage>> {
  return selectUploadedImages(tx, ids);
}

async function selectUploadedImages(db: Database | Transaction, ids: readonly string[]): Promise<Map<string, UploadedImage>> {
  const wanted = [...new Set(ids)].filter((id) => UPLOAD_ID_PATTERN.test(id));
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: uploads.id,
      purpose: uploads.purpose,
      format: uploadVariants.format,
      width: uploadVariants.width,
      height: uploadVariants.height,
    })
    .from(uploads)
    .innerJoin(uploadVariants, eq(uploadVariants.uploadId, uploads.id))
    .where(inArray(uploads.id, wanted))
    .orderBy(asc(uploads.id), asc(uploadVariants.width));
  const images = new Map<string, UploadedImage>();
  for (const [id, variants] of Map.groupBy(rows, (row) => row.id)) {
    const [first] = variants;
    if (first) images.set(id, toUploadedImage(id, first.purpose, variants));
  }
  return images;
}

export async function getUploadedImage(id: string): Promise<UploadedImage | null> {
  return (await getUploadedImages([id])).get(id) ?? null;
}
