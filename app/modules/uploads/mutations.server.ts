import { randomBytes } from "node:crypto";
import { inTransaction, type Transaction } from "~/db/client.server";
import { uploads, uploadVariants } from "~/db/schema/uploads";
import type { UploadPurpose } from "~/lib/uploads/image-purposes";
import { sanitiseOriginalName } from "~/lib/uploads/original-file-name";
import { processImage, type ProcessedImage } from "~/lib/uploads/process-image.server";
import { toUploadedImage, type UploadedImage } from "~/lib/uploads/uploaded-image";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";

export const UPLOAD_ENTITY = "upload";

/**
 * Stores an image already through processImage, with its audit entry, in
 * the caller's transaction: a product saved with its photo is one
 * transaction, and a refused product leaves no orphan file. The image is
 * processed before the transaction opens (it takes CPU for a fraction of a
 * second, and a transaction must not wait on it).
 */
export async function storeImageUploadInTx(
  tx: Transaction,
  actor: Actor,
  { image, originalName }: { image: ProcessedImage; originalName: string },
): Promise<UploadedImage> {
  assertStaffActor(actor);
  const id = randomBytes(16).toString("hex");
  const cleanName = sanitiseOriginalName(originalName);
  await tx.insert(uploads).values({
    id,
    purpose: image.purpose,
    originalName: cleanName,
    sourceFormat: image.source.format,
    sourceWidth: image.source.width,
    sourceHeight: image.source.height,
    sourceBytes: image.source.byteSize,
    uploadedByUserId: actor.userId,
    uploadedByLabel: actor.label,
  });
  await tx.insert(uploadVariants).values(
    image.variants.map((variant) => ({
      uploadId: id,
      format: variant.format,
      width: variant.width,
      height: variant.height,
      byteSize: variant.bytes.byteLength,
      sha256: variant.sha256,
      bytes: variant.bytes,
    })),
  );
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "upload.create",
    entity: UPLOAD_ENTITY,
    entityId: id,
    details: {
      purpose: image.purpose,
      originalName: cleanName,
      sourceFormat: image.source.format,
      sourceBytes: image.source.byteSize,
      files: image.variants.length,
    },
  });
  return toUploadedImage(id, image.purpose, image.variants);
}

/**
 * An upload on its own (the shop's logo): processes the bytes, then stores
 * them in a transaction of its own. Refuses bad images with ImageUploadError.
 */
export async function storeImageUpload(
  actor: Actor,
  { bytes, purpose, originalName }: { bytes: Uint8Array; purpose: UploadPurpose; originalName: string },
): Promise<UploadedImage> {
  // Checked before the CPU is spent, and again inside.
  assertStaffActor(actor);
  const image = await processImage(bytes, purpose);
  return inTransaction((tx) => storeImageUploadInTx(tx, actor, { image, originalName }));
}
