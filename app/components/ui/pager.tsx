import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cx } from "~/lib/class-names";
import { buttonClass } from "./button";

/**
 * Previous / "Página N de M" / next links under a paged list. Plain links, so
 * paging works without JavaScript and every page has its own URL.
 */
export function Pager({
  label,
  page,
  pageCount,
  hasNextPage = pageCount !== undefined && page < pageCount,
  hrefFor,
  previousLabel = "Anterior",
  nextLabel = "Próxima",
  className,
}: {
  /** What is paged, for screen readers: "Páginas de clientes". */
  label: string;
  page: number;
  /** Unknown when the list only knows whether there is a next page. */
  pageCount?: number;
  hasNextPage?: boolean;
  hrefFor: (page: number) => string;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}) {
  if (page <= 1 && !hasNextPage) return null;
  return (
    <nav aria-label={label} className={cx("flex items-center justify-between gap-4", className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={buttonClass({ variant: "outline" })}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {previousLabel}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Página {page}
        {pageCount !== undefined ? ` de ${Math.max(page, pageCount)}` : ""}
      </p>
      {hasNextPage ? (
        <Link to={hrefFor(page + 1)} rel="next" className={buttonClass({ variant: "outline" })}>
          {nextLabel}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
