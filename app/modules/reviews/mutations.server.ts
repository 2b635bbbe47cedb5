import { asc, eq } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { reviews } from "~/db/schema/reviews";
import { atShopTime, shopToday } from "~/lib/dates";
import { NotFoundError } from "~/lib/errors";
import { parseInput, readId } from "~/lib/forms";
import { moveOnePlace } from "~/lib/reorder";
import { processImage, type ProcessedImage } from "~/lib/uploads/process-image.server";
import type { UploadedFile } from "~/lib/uploads/read-upload-form.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { storeImageUploadInTx } from "~/modules/uploads/mutations.server";
import { ReviewInputError } from "./errors";
import { CAROUSEL_ORDER } from "./queries.server";
import { FUTURE_DATE_MESSAGE, ReviewSchema, VERIFIED_ONLY_IMPORTED_MESSAGE } from "./validation";

export const REVIEW_ENTITY = "review";

/** The photo as the form sent it: a new file (through the upload pipeline, never a URL), a box to take it off, or neither. */
export type ReviewPhotoInput = { file: UploadedFile | null; remove: boolean };

type PhotoChange = { kind: "keep" } | { kind: "remove" } | { kind: "replace"; image: ProcessedImage; originalName: string };

export class ReviewNotFoundError extends NotFoundError {
  override name = "ReviewNotFoundError";
}

function reviewIdOf(id: string | number): number {
  const reviewId = readId(id);
  if (reviewId === null) throw new ReviewNotFoundError(`Avaliação ${String(id)}`);
  return reviewId;
}

function parseReview(input: unknown, now: Date) {
  const values = parseInput(ReviewSchema, input, (errors) => new ReviewInputError(errors));
  if (values.reviewedOn > shopToday(now)) throw new ReviewInputError({ reviewedOn: FUTURE_DATE_MESSAGE });
  return values;
}

/** Processed before the transaction opens: it takes CPU, and a transaction must not wait on it. */
async function photoChangeOf(photo: ReviewPhotoInput): Promise<PhotoChange> {
  if (photo.file) {
    return {
      kind: "replace",
      image: await processImage(photo.file.bytes, "review-photo"),
      originalName: photo.file.originalName,
    };
  }
  return photo.remove ? { kind: "remove" } : { kind: "keep" };
}

async function photoUploadIdInTx(tx: Transaction, actor: Actor, current: string | null, change: PhotoChange) {
  if (change.kind === "remove") return null;
  if (change.kind === "replace") return (await storeImageUploadInTx(tx, actor, change)).id;
  return current;
}

/** Noon at the shop on the day typed: the card's "há 3 dias" is right whatever the hour. */
const reviewedAtOf = (day: string) => atShopTime(day, "12:00");

/** A review typed by the staff (a customer's words at the counter, a review from elsewhere), first in the carousel's order. */
export async function createReview(actor: Actor, input: unknown, photo: ReviewPhotoInput, now = new Date()): Promise<number> {
  assertStaffActor(actor);
  const values = parseReview(input, now);
  if (values.isVerified) throw new ReviewInputError({ isVerified: VERIFIED_ONLY_IMPORTED_MESSAGE });
  const change = await photoChangeOf(photo);
  return inTransaction(async (tx) => {
    const photoUploadId = await photoUploadIdInTx(tx, actor, null, change);
    const [first] = await tx.select({ position: reviews.position }).from(reviews).orderBy(asc(reviews.position)).limit(1);
    const [row] = await tx
      .insert(reviews)
      .values({
        authorName: values.authorName,
        rating: values.rating,
        text: values.text,
        reviewedAt: reviewedAtOf(values.reviewedOn),
        isPublished: values.isPublished,
        photoUploadId,
        position: Math.min(0, (first?.position ?? 0) - 1),
        source: "manual",
      })
      .returning({ id: reviews.id });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "review.create",
      entity: REVIEW_ENTITY,
      entityId: String(row!.id),
      details: {
        authorName: values.authorName,
        rating: values.rating,
        isPublished: values.isPublished,
        photo: photoUploadId !== null,
      },
    });
    return row!.id;
  });
}

export async function updateReview(actor: Actor, id: string | number, input: unknown, photo: ReviewPhotoInput, now = new Date()) {
  assertStaffActor(actor);
  const reviewId = reviewIdOf(id);
  const values = parseReview(input, now);
  const change = await photoChangeOf(photo);
  await inTransaction(async (tx) => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
    if (!current) throw new ReviewNotFoundError(`Avaliação ${reviewId}`);
    if (values.isVerified && current.source !== "import") {
      throw new ReviewInputError({ isVerified: VERIFIED_ONLY_IMPORTED_MESSAGE });
    }
    const photoUploadId = await photoUploadIdInTx(tx, actor, current.photoUploadId, change);
    const reviewedAt = shopToday(current.reviewedAt) === values.reviewedOn ? current.reviewedAt : reviewedAtOf(values.reviewedOn);
    await tx
      .update(reviews)
      .set({
        authorName: values.authorName,
        rating: values.rating,
        text: values.text,
        reviewedAt,
        isPublished: values.isPublished,
        isVerified: values.isVerified,
        photoUploadId,
        // A photo the staff chose replaces the demo's file of public/.
        profilePhotoUrl: change.kind === "keep" ? current.profilePhotoUrl : null,
      })
      .where(eq(reviews.id, reviewId));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "review.update",
      entity: REVIEW_ENTITY,
      entityId: String(reviewId),
      details: {
        before: {
          authorName: current.authorName,
          rating: current.rating,
          text: current.text,
          isPublished: current.isPublished,
          isVerified: current.isVerified,
        },
        after: {
          authorName: values.authorName,
          rating: values.rating,
          text: values.text,
          isPublished: values.isPublished,
          isVerified: values.isVerified,
        },
        photo: change.kind,
      },
    });
  });
}

/** Hides or shows the card; the rating stays in the summary either way (CDC art. 37). Answers whether anything changed. */
export async function setReviewPublished(actor: Actor, id: string | number, isPublished: boolean): Promise<boolean> {
  assertStaffActor(actor);
  const reviewId = reviewIdOf(id);
  return inTransaction(async (tx) => {
    const [current] = await tx.select({ isPublished: reviews.isPublished }).from(reviews).where(eq(reviews.id, reviewId));
    if (!current) throw new ReviewNotFoundError(`Avaliação ${reviewId}`);
    if (current.isPublished === isPublished) return false;
    await tx.update(reviews).set({ isPublished }).where(eq(reviews.id, reviewId));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: isPublished ? "review.show" : "review.hide",
      entity: REVIEW_ENTITY,
      entityId: String(reviewId),
    });
    return true;
  });
}

/**
 * One place up or down in the carousel's order (position, then newest). The
 * whole order is written out 1…n first: imported reviews all share position
 * 0, and swapping two equal numbers would move nothing. Answers whether it moved.
 */
export async function moveReview(actor: Actor, id: string | number, direction: "up" | "down"): Promise<boolean> {
  assertStaffActor(actor);
  const reviewId = reviewIdOf(id);
  return inTransaction(async (tx) => {
    const ordered = await tx
      .select({ id: reviews.id, position: reviews.position })
      .from(reviews)
      .orderBy(...CAROUSEL_ORDER)
      .for("update");
    const index = ordered.findIndex((row) => row.id === reviewId);
    if (index === -1) throw new ReviewNotFoundError(`Avaliação ${reviewId}`);
    const move = moveOnePlace(ordered, index, direction);
    if (!move) return false;
    for (const change of move.changes)
      await tx.update(reviews).set({ position: change.position }).where(eq(reviews.id, change.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "review.move",
      entity: REVIEW_ENTITY,
      entityId: String(reviewId),
      details: { direction, from: move.from, to: move.to },
    });
    return true;
  });
}

export async function deleteReview(actor: Actor, id: string | number): Promise<void> {
  assertStaffActor(actor);
  const reviewId = reviewIdOf(id);
  await inTransaction(async (tx) => {
    const [deleted] = await tx.delete(reviews).where(eq(reviews.id, reviewId)).returning();
    if (!deleted) throw new ReviewNotFoundError(`Avaliação ${reviewId}`);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "review.delete",
      entity: REVIEW_ENTITY,
      entityId: String(reviewId),
      details: { authorName: deleted.authorName, rating: deleted.rating, text: deleted.text, source: deleted.source },
    });
  });
}
