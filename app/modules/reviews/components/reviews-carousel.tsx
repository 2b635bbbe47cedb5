import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from "react";
import { staticSection } from "~/components/ui/static-section";
import type { ReviewCardData } from "../queries.server";
import { showDeferredRows } from "./deferred-rows";

/** Spec §9: a 400px window onto 200px rows, moving upward 1.5 px per frame at 60 fps. */
const CAROUSEL_HEIGHT_PX = 400;
const ROW_HEIGHT_PX = 200;
/** Rows repeated after the last one so the loop back to the first is seamless. */
const LOOP_TAIL = Math.ceil(CAROUSEL_HEIGHT_PX / ROW_HEIGHT_PX) + 1;
const SPEED_PX_PER_FRAME = 1.5;
const FRAME_MS = 1000 / 60;

/**
 * 75 cards are most of the home page's markup and nothing in them reacts: their HTML is kept, never hydrated,
 * and all but the first rows arrive as text that becomes rows once the page is idle (deferred-rows.ts).
 */
const StaticReviewList = staticSection(() => import("./review-list").then((module) => module.ReviewList));

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
function subscribeToMotionPreference(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
/** False on the server and in the first render, so the page hydrates as it was sent (still). */
function useAllowsMotion() {
  return useSyncExternalStore(
    subscribeToMotionPreference,
    () => !window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The tilted testimonials column. It is a plain scroll box, so without
 * JavaScript it still scrolls by wheel, touch and keyboard; with it, the box
 * scrolls itself upward unless the visitor prefers reduced motion, and stops
 * while hovered, focused, dragged, off screen or paused with the button.
 *
 * The tilt is a flat rotation, not a perspective rotateX: inside a 3D layer
 * every hit test of axe's contrast check (ours and Lighthouse's) slows down so
 * much that the audit of this page ran past two minutes instead of seconds
 * (a fading mask-image cost another quarter, so the edges are not faded).
 */
export function ReviewsCarousel({ reviews }: { reviews: ReviewCardData[] }) {
  const box = useRef<HTMLElement>(null);
  const canAutoplay = useAllowsMotion() && reviews.length > 1;
  const [isPausedByButton, setIsPausedByButton] = useState(false);
  const hold = useRef({ hovered: false, focused: false, dragging: false, offscreen: false, button: false });
  const drag = useRef({ pointerY: 0, scrollTop: 0 });
  /** Restarts the frames after a hold ends (set by the effect below while it autoplays). */
  const wake = useRef(() => {});
  const loopHeight = reviews.length * ROW_HEIGHT_PX;

  function setHold(reason: keyof typeof hold.current, isHeld: boolean) {
    hold.current[reason] = isHeld;
    if (!isHeld) wake.current();
  }

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    return showDeferredRows(element);
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!canAutoplay || !element) return;
    const isHeld = () => Object.values(hold.current).some(Boolean);
    // Read in the first frame, not here: reading it now would lay the page out again in the middle of hydration.
    let position: number | null = null;
    let last = 0;
    let frame = 0;
    const tick = (now: number) => {
      // While held (off screen most of the time) no frame is asked for: an idle page does no work.
      if (isHeld()) {
        frame = 0;
        return;
      }
      const elapsed = Math.min(now - last, 100);
      last = now;
      // Wheel, keyboard or drag moved it: continue from there.
      if (position === null || Math.abs(element.scrollTop - position) > 2) position = element.scrollTop;
      position += (SPEED_PX_PER_FRAME * elapsed) / FRAME_MS;
      if (position >= loopHeight) position -= loopHeight;
      element.scrollTop = position;
      frame = requestAnimationFrame(tick);
    };
    wake.current = () => {
      if (frame || isHeld()) return;
      last = performance.now();
      frame = requestAnimationFrame(tick);
    };
    // Off screen until the observer's first report (it always sends one), which starts the frames if it is not.
    hold.current.offscreen = true;
    const observer = new IntersectionObserver(([entry]) => {
      hold.current.offscreen = !entry?.isIntersecting;
      wake.current();
    });
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      wake.current = () => {};
    };
  }, [canAutoplay, loopHeight]);

  function startDrag(event: PointerEvent<HTMLElement>) {
    // Touch already scrolls the box natively; the mouse needs help.
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    drag.current = { pointerY: event.clientY, scrollTop: event.currentTarget.scrollTop };
    setHold("dragging", true);
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function moveDrag(event: PointerEvent<HTMLElement>) {
    if (!hold.current.dragging) return;
    event.currentTarget.scrollTop = drag.current.scrollTop - (event.clientY - drag.current.pointerY);
  }
  function endDrag() {
    setHold("dragging", false);
  }

  return (
    <div className="relative">
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- hover, focus and a mouse drag only steer the scrolling; the region needs no role of its own beyond a labelled scroll box. */}
      <section
        ref={box}
        aria-label="Avaliações de clientes"
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable).
        tabIndex={0}
        data-testid="reviews-carousel"
        onPointerEnter={(event) => {
          if (event.pointerType === "mouse") setHold("hovered", true);
        }}
        onPointerLeave={() => setHold("hovered", false)}
        onFocus={() => setHold("focused", true)}
        onBlur={() => setHold("focused", false)}
        onPointerDown={startDrag}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        // The copies of the first rows, for a seamless loop, show only while it loops (review-list.tsx).
        data-looping={canAutoplay || undefined}
        style={{ height: CAROUSEL_HEIGHT_PX }}
        className="group cursor-grab overflow-y-auto overscroll-contain rounded-xl [scrollbar-width:none] select-none -rotate-2 active:cursor-grabbing [&::-webkit-scrollbar]:hidden"
      >
        <StaticReviewList reviews={reviews} rowHeight={ROW_HEIGHT_PX} loopTail={LOOP_TAIL} />
      </section>
      {canAutoplay ? (
        <button
          type="button"
          onClick={() => {
            setHold("button", !isPausedByButton);
            setIsPausedByButton(!isPausedByButton);
          }}
          aria-pressed={isPausedByButton}
          className="absolute right-2 bottom-2 flex h-9 w-9 items-center justify-center rounded-full bg-slate-900/80 text-white hover:bg-slate-900"
        >
          {isPausedByButton ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
          <span className="sr-only">Pausar a rolagem das avaliações</span>
        </button>
      ) : null}
    </div>
  );
}
