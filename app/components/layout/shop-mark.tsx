import { Wrench } from "lucide-react";
import { cx } from "~/lib/class-names";

export type ShopLogo = { src: string; srcSet: string; width: number; height: number };

/**
 * The shop's logo, or the wrench without one, fitted by height with a ceiling on
 * its width (issue 21: a wide logo squeezed into a square's width was 48 px wide
 * and unreadable). The name beside it says who the shop is: the image is
 * decoration (alt="").
 */
export function ShopLogoImage({ logo, className }: { logo: ShopLogo | null | undefined; className?: string }) {
  if (!logo) return <Wrench aria-hidden className={cx("size-6 shrink-0", className)} />;
  return (
    <img
      src={logo.src}
      srcSet={logo.srcSet}
      // The widest it is shown (max-w-28, sm:max-w-40): a 480×140 logo at the header's height is about 110–125 px wide.
      sizes="(min-width: 640px) 160px, 112px"
      width={logo.width}
      height={logo.height}
      alt=""
      data-testid="shop-logo"
      className={cx("h-8 w-auto max-w-28 shrink-0 object-contain object-left sm:h-9 sm:max-w-40", className)}
    />
  );
}

/** Wider than this, a logo is taken for one that spells the shop's name (a wordmark). */
const WORDMARK_MIN_RATIO = 2.5;

/**
 * The logo and the shop's name on one line, at every width: a long name is cut
 * with an ellipsis (its whole text stays the link's name, and its title),
 * never wrapped. On a phone, beside a wide logo, which usually spells the name
 * already, the name is left to screen readers: cut to a few letters it said nothing.
 */
export function ShopMark({ logo, shopName }: { logo: ShopLogo | null | undefined; shopName: string }) {
  const isWordmark = logo ? logo.width / logo.height >= WORDMARK_MIN_RATIO : false;
  return (
    <>
      <ShopLogoImage logo={logo} />
      <span className={cx("truncate", isWordmark && "max-sm:sr-only")} title={shopName} data-testid="shop-name">
        {shopName}
      </span>
    </>
  );
}
