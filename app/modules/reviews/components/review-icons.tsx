import { cx } from "~/lib/class-names";

/**
 * 75 cards × 5 stars would put hundreds of copies of the same path in the
 * page; the section draws each icon once (and the row of five once) and the
 * cards point at it.
 */
export function ReviewIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      <symbol id="review-star" viewBox="0 0 24 24">
        <path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z" />
      </symbol>
      <symbol id="review-stars" viewBox="0 0 124 24">
        {[0, 1, 2, 3, 4].map((index) => (
          <use key={index} href="#review-star" x={index * 25} width="24" height="24" />
        ))}
      </symbol>
      <symbol
        id="review-verified"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z" />
        <path d="m16 9-5.5 5.5L8 12" />
      </symbol>
    </svg>
  );
}

/** Grey stars under gold ones cut to the rating's width: two references per card instead of five. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- role="img" is how an inline SVG gets read as one picture with its label.
    <svg role="img" aria-label={`Nota ${rating} de 5`} viewBox="0 0 124 24" className={cx("w-auto shrink-0", className)}>
      {rating < 5 ? <use href="#review-stars" width="124" height="24" className="fill-slate-300" /> : null}
      <svg width={rating * 25} height="24">
        <use href="#review-stars" width="124" height="24" className="fill-amber-500" />
      </svg>
    </svg>
  );
}

export function VerifiedIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href="#review-verified" />
    </svg>
  );
}
