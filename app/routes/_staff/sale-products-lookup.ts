import { searchSaleProducts } from "~/modules/cash-register/product-search.server";
import type { Route } from "./+types/sale-products-lookup";

/** The sale screen's product search (JSON): name, SKU, barcode or a unit's IMEI/serial; `exact` when a code names one product. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  return Response.json(await searchSaleProducts(query));
}
