import { ExternalLink } from "lucide-react";
import type { MouseEvent } from "react";
import { staticSection } from "~/components/ui/static-section";
import { toast } from "~/components/ui/toaster";
import type { ReviewCardData, ReviewSummary } from "../queries.server";
import { ReviewsCarousel } from "./reviews-carousel";

const StaticReviewSummary = staticSection(
  () => import("./review-summary").then((module) => module.ReviewSummaryCard),
  "space-y-6",
);

function openAllReviews(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.open(event.currentTarget.href, "_blank", "noopener");
  toast("Redirecionando", { description: "Abrindo todas as avaliações no Google..." });
}

/** The testimonials block: the summary card beside the moving column of reviews; nothing without reviews (a "0,0" card says nothing good). */
export function TestimonialsSection({
  reviews,
  summary,
  address,
  reviewUrl,
}: {
  reviews: ReviewCardData[];
  summary: ReviewSummary;
  address: string;
  reviewUrl: string | null;
}) {
  if (reviews.length === 0) return null;
  return (
    <section id="avaliacoes" aria-labelledby="avaliacoes-titulo" className="px-4 py-16">
      <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-6">
          <StaticReviewSummary summary={summary} address={address} />
          {reviewUrl ? (
            <a
              href={reviewUrl}
              target="_blank"
              rel="noopener noreferrer"
              onClick={openAllReviews}
              className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-900 hover:bg-slate-50"
            >
              Ver todas as avaliações
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
            </a>
          ) : null}
        </div>
        <ReviewsCarousel reviews={reviews} />
      </div>
    </section>
  );
}
