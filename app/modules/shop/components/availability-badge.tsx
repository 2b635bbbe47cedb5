import { cx } from "~/lib/class-names";
import { AVAILABILITY_LABELS, type ShopAvailability } from "../availability";

const STYLES: Record<ShopAvailability, string> = {
  "in-stock": "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  "to-order": "bg-amber-50 text-amber-900 ring-amber-600/30",
  service: "bg-brand-50 text-brand-800 ring-brand-600/30",
};

/** "Em estoque" / "Sob encomenda": said in words, the colour only repeats it. */
export function AvailabilityBadge({ availability, className }: { availability: ShopAvailability; className?: string }) {
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1.5 rounded-full whitespace-nowrap px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        STYLES[availability],
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {AVAILABILITY_LABELS[availability]}
    </span>
  );
}
