import { jsonForScript } from "~/lib/seo";
import { useNonce } from "./nonce";

/** schema.org data of one page as JSON-LD (FAQPage, BlogPosting), escaped by jsonForScript. */
export function StructuredData({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
    />
  );
}
