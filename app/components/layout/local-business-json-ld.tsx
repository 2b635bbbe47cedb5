import { useNonce } from "~/components/nonce";
import { jsonForScript } from "~/lib/seo";
import { localBusinessData } from "~/modules/shop-settings/local-business";
import { useRootData } from "./root-data";

/** The shop as structured data for search engines, on every public page (BRIEF §5). */
export function LocalBusinessJsonLd() {
  const nonce = useNonce();
  const root = useRootData();
  // The demo's fictional identity is not a business to describe to search engines.
  if (!root || root.shop.isDemonstration) return null;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // Rendered on the server only; the browser keeps the element as it came.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonForScript(localBusinessData(root.shop, root.origin)) }}
    />
  );
}
