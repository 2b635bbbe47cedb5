import { cx } from "~/lib/class-names";
import { pixDiscountDisclosure, type PixDiscount } from "../pix-discount";

/**
 * The PIX discount as the customer must read it before paying (Lei
 * 10.962/2004 art. 5-A): "Pagando com PIX: 5% de desconto — de R$ 100,00 por
 * R$ 95,00". Nothing when there is no discount.
 */
export function PixDiscountNotice({ discount, className }: { discount: PixDiscount | null; className?: string }) {
  if (!discount) return null;
  return (
    <p
      className={cx(
        "rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900",
        className,
      )}
    >
      {pixDiscountDisclosure(discount)}
    </p>
  );
}
