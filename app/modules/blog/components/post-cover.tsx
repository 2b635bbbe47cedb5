import { Newspaper } from "lucide-react";
import { cx } from "~/lib/class-names";
import type { PostCoverImage } from "../queries.server";

/**
 * A post's cover image (an upload's WebP files through srcset, with its
 * width and height so nothing shifts), or a drawn placeholder when it has
 * none. On a card the title is said next to it, so the card's cover is
 * decorative (`isDecorative`); on the post's page it carries its description.
 */
export function PostCover({
  image,
  sizes,
  isDecorative = false,
  isEager = false,
  className,
}: {
  image: PostCoverImage | null;
  sizes: string;
  isDecorative?: boolean;
  /** The post page's cover is its largest paint: fetched at once, not lazily. */
  isEager?: boolean;
  className?: string;
}) {
  if (image) {
    return (
      <img
        src={image.src}
        srcSet={image.srcSet || undefined}
        sizes={image.srcSet ? sizes : undefined}
        alt={isDecorative ? "" : image.alt}
        width={image.width}
        height={image.height}
        loading={isEager ? "eager" : "lazy"}
        fetchPriority={isEager ? "high" : undefined}
        decoding="async"
        className={cx("aspect-[1200/630] w-full object-cover", className)}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={cx(
        "flex aspect-[1200/630] w-full items-center justify-center bg-gradient-to-br from-brand-100 to-brand-50",
        className,
      )}
    >
      <Newspaper className="size-12 text-brand-700/60" />
    </div>
  );
}
