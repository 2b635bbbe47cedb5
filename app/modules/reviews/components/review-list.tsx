import type { ReviewCardData } from "../queries.server";
import { ReviewCard } from "./review-card";

/**
 * The carousel's rows, `rowHeight` tall. The first `loopTail` ones are repeated after the last for the
 * seamless loop; the copies stay hidden (so out of the accessibility tree
 * too) until the carousel marks itself `data-looping`, so without JavaScript
 * or with reduced motion the list simply ends at the last review.
 */
export function ReviewList({ reviews, rowHeight, loopTail }: { reviews: ReviewCardData[]; rowHeight: number; loopTail: number }) {
  const copies = reviews.length > 1 ? reviews.slice(0, loopTail) : [];
  return (
    <ul>
      {reviews.map((review) => (
        // Off the 400px window a row is neither styled, laid out nor painted until it scrolls near (content-visibility).
        <li key={review.id} style={{ height: rowHeight }} className="px-1 py-1.5 [content-visibility:auto]">
          <ReviewCard review={review} />
        </li>
      ))}
      {copies.map((review) => (
        <li
          key={`copy-${review.id}`}
          style={{ height: rowHeight }}
          aria-hidden="true"
          inert
          className="hidden px-1 py-1.5 [content-visibility:auto] group-data-looping:block"
        >
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}
