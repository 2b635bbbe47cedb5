import type { LucideIcon } from "lucide-react";

/**
 * Icons a long list repeats in every row, drawn once for the page (as the
 * staff shell draws its areas' icons): each row shows them by reference
 * (IconRef). Drawn in each row, twenty rows of three icons were a large part
 * of a list page's HTML and of its render. Not `display: none`, which would
 * hide what the references show.
 */
export function IconSprite({ icons }: { icons: Readonly<Record<string, LucideIcon>> }) {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      <defs>
        {Object.entries(icons).map(([id, Icon]) => (
          <Icon key={id} id={id} />
        ))}
      </defs>
    </svg>
  );
}

/** One icon of the page's IconSprite, decorative, 24-unit box as lucide's. */
export function IconRef({ id, className = "size-4" }: { id: string; className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className}>
      <use href={`#${id}`} />
    </svg>
  );
}
