import type { ReviewCardData } from "../queries.server";
import { DEFERRED_ROWS_ATTRIBUTE } from "./deferred-rows";
import { ReviewCard } from "./review-card";

/** Rows the server draws as elements: the 400px window's two and the next two. The rest are deferred (deferred-rows.ts). */
const FIRST_ROWS = 4;
/** Deferred rows per noscript: each becomes rows in its own short task. */
const ROWS_PER_DEFERRED_BATCH = 8;

/**
 * The carousel's rows, `rowHeight` tall. The first `loopTail` ones are repeated after the last for the
 * seamless loop; the copies stay hidden (so out of the accessibility tree
 * too) until the carousel marks itself `data-looping`, so without JavaScript
 * or with reduced motion the list simply ends at the last review.
 *
 * The server sends only the first rows as elements and the rest, copies
 * included, inside `<noscript>`s that the carousel opens once the page is
 * idle. This component is never hydrated (a static section), so drawn in the
 * browser (after a client-side navigation) it simply lists every row.
 */
export function ReviewList({ reviews, rowHeight, loopTail }: { reviews: ReviewCardData[]; rowHeight: number; loopTail: number }) {
  const rows = reviews.map((review) => <ReviewRow key={review.id} review={review} height={rowHeight} />);
  const copies = (reviews.length > 1 ? reviews.slice(0, loopTail) : []).map((review) => (
    <ReviewRow key={`copy-${review.id}`} review={review} height={rowHeight} isLoopCopy />
  ));
  if (!import.meta.env.SSR) {
    return (
      <ul>
        {rows}
        {copies}
      </ul>
    );
  }
  const deferred = [...rows.slice(FIRST_ROWS), ...copies];
  const batches = Array.from({ length: Math.ceil(deferred.length / ROWS_PER_DEFERRED_BATCH) }, (_, index) =>
    deferred.slice(index * ROWS_PER_DEFERRED_BATCH, (index + 1) * ROWS_PER_DEFERRED_BATCH),
  );
  return (
    <>
      <ul>{rows.slice(0, FIRST_ROWS)}</ul>
      {batches.map((batch, index) => (
        <noscript key={index} {...{ [DEFERRED_ROWS_ATTRIBUTE]: "" }}>
          <ul>{batch}</ul>
        </noscript>
      ))}
    </>
  );
}

function ReviewRow({ review, height, isLoopCopy = false }: { review: ReviewCardData; height: number; isLoopCopy?: boolean }) {
  return (
    // Off the 400px window a row is neither styled, laid out nor painted until it scrolls near (content-visibility).
    <li
      style={{ height }}
      aria-hidden={isLoopCopy || undefined}
      inert={isLoopCopy || undefined}
      className={
        isLoopCopy
          ? "hidden px-1 py-1.5 [content-visibility:auto] group-data-looping:block"
          : "px-1 py-1.5 [content-visibility:auto]"
      }
    >
      <ReviewCard review={review} />
    </li>
  );
}
