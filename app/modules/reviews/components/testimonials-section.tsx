import { ExternalLink, MapPin } from "lucide-react";
import type { MouseEvent } from "react";
import { toast } from "~/components/ui/toaster";
import type { ReviewCardData, ReviewSummary } from "../queries.server";
import { ReviewIconSprite, StarRating } from "./review-icons";
import { ReviewsCarousel } from "./reviews-carousel";

const averageFormat = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function openAllReviews(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.open(event.currentTarget.href, "_blank", "noopener");
  toast("Redirecionando", { description: "Abrindo todas as avaliações no Google..." });
}

/** The testimonials block: the summary card beside the moving column of reviews. */
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
  return (
    <section id="avaliacoes" aria-labelledby="avaliacoes-titulo" className="px-4 py-16">
      <ReviewIconSprite />
      <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-6">
          <h2 id="avaliacoes-titulo" className="text-3xl font-bold text-slate-900">
            O que nossos clientes dizem
          </h2>
          <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <p className="text-5xl font-bold text-slate-900">{averageFormat.format(summary.average)}</p>
              <div className="space-y-1">
                <StarRating rating={Math.round(summary.average)} className="h-6" />
                <p className="text-sm text-slate-700">
                  {summary.total} {summary.total === 1 ? "avaliação" : "avaliações"} no Google
                </p>
              </div>
            </div>
            <p className="text-lg font-semibold text-emerald-800">{summary.satisfiedPercent}% de satisfação</p>
            <p className="flex items-start gap-2 text-slate-700">
              <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              {address}
            </p>
          </div>
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
        {reviews.length ? (
          <ReviewsCarousel reviews={reviews} />
        ) : (
          <p className="text-slate-700">As avaliações dos nossos clientes aparecem aqui em breve.</p>
        )}
      </div>
    </section>
  );
}
