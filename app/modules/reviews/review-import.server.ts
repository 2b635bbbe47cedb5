import { createHash } from "node:crypto";
import { inTransaction } from "~/db/client.server";
import { reviews } from "~/db/schema/reviews";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { REVIEW_ENTITY } from "./mutations.server";
import { readReviewFile, type ImportedReview, type ReviewFileFormat, type ReviewFileProblem } from "./review-file";

export type ReviewImportReport = {
  format: ReviewFileFormat;
  added: number;
  /** Reviews already in the database (an export imported before) or twice in the file: skipped. */
  duplicates: number;
  problems: ReviewFileProblem[];
  hasPhotoColumn: boolean;
};

const loose = (text: string) => text.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * A review's fingerprint: who, which day, the stars and the words, spaced and
 * cased loosely, so the same export (or a later one that repeats it) adds
 * nothing the second time.
 */
export function importKeyOf(review: Pick<ImportedReview, "authorName" | "rating" | "text" | "reviewedAt">): string {
  const day = review.reviewedAt.toISOString().slice(0, 10);
  return createHash("sha256")
    .update([loose(review.authorName), day, String(review.rating), loose(review.text)].join("\u001f"))
    .digest("hex");
}

/**
 * Imports an export of reviews (CSV or JSON): the good rows are added as
 * published reviews of source "import", badged verified (the review service
 * knows who wrote them; the staff can take the badge off one by one), in one transaction with its audit
 * entry; bad rows are reported with their line and reason; duplicates by
 * import_key are skipped and counted. A file that cannot be read at all is
 * refused with ReviewInputError and nothing changes.
 */
export async function importReviews(actor: Actor, bytes: Uint8Array, now: Date = new Date()): Promise<ReviewImportReport> {
  assertStaffActor(actor);
  const file = readReviewFile(bytes, now);
  return inTransaction(async (tx) => {
    const rows = file.reviews.map((review) => ({
      authorName: review.authorName,
      rating: review.rating,
      text: review.text,
      reviewedAt: review.reviewedAt,
      source: "import" as const,
      importKey: importKeyOf(review),
      isPublished: true,
      isVerified: true,
    }));
    const inserted: { id: number }[] = [];
    // Batches keep each statement's parameters well under PostgreSQL's 65 535.
    for (let start = 0; start < rows.length; start += 500) {
      inserted.push(
        ...(await tx
          .insert(reviews)
          .values(rows.slice(start, start + 500))
          .onConflictDoNothing({ target: reviews.importKey })
          .returning({ id: reviews.id })),
      );
    }
    const report: ReviewImportReport = {
      format: file.format,
      added: inserted.length,
      duplicates: rows.length - inserted.length,
      problems: file.problems,
      hasPhotoColumn: file.hasPhotoColumn,
    };
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "review.import",
      entity: REVIEW_ENTITY,
      details: {
        format: file.format,
        rows: file.reviews.length + file.problems.length,
        added: report.added,
        duplicates: report.duplicates,
        refused: report.problems.length,
      },
    });
    return report;
  });
}
