import { lookupProductsForQuote } from "~/modules/inventory/order-parts.server";
import type { Route } from "./+types/order-parts-lookup";

/** The quote editor's product search (JSON): up to 8 products and parts with price, available quantity, origin and units in stock. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  return Response.json({ products: await lookupProductsForQuote(query) });
}
