import type { ReviewCardData } from "../queries.server";
import { AuthorAvatar } from "./author-avatar";
import { StarRating, VerifiedIcon } from "./review-icons";

/** One review, sized to the carousel's 200px rows (long texts are clamped on screen, read whole by screen readers). */
export function ReviewCard({ review }: { review: ReviewCardData }) {
  return (
    <article className="flex h-full flex-col gap-2 overflow-hidden rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex items-center gap-3">
        <AuthorAvatar name={review.authorName} photoUrl={review.profilePhotoUrl} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{review.authorName}</p>
          <p className="text-xs text-slate-600">
            {review.isLocalGuide
              ? `Local Guide · ${review.authorReviewCount} avaliações`
              : `${review.authorReviewCount} ${review.authorReviewCount === 1 ? "avaliação" : "avaliações"}`}
          </p>
        </div>
      </header>
      <div className="flex items-center gap-2 text-sm text-slate-600">
        <StarRating rating={review.rating} className="h-4" />
        <span>{review.timeAgo}</span>
      </div>
      {review.text ? <p className="line-clamp-3 text-sm text-slate-800">{review.text}</p> : null}
      {review.isVerified ? (
        <p className="mt-auto inline-flex items-center gap-1 text-xs font-medium text-emerald-800">
          <VerifiedIcon className="h-4 w-4" />
          Avaliação verificada
        </p>
      ) : null}
    </article>
  );
}
