import { Newspaper } from "lucide-react";
import { cx } from "~/lib/class-names";

/** A post's cover image, or a drawn placeholder when it has none (the title is said next to it, so both are decorative). */
export function PostCover({ src, className }: { src: string | null; className?: string }) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={1200}
        height={630}
        loading="lazy"
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
