import { lookupCustomers } from "~/modules/customers/queries.server";
import type { Route } from "./+types/customers-lookup";

/** The customer picker's search (JSON): up to 8 `{ id, name, phone, document }`, the document masked. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  return Response.json({ customers: await lookupCustomers(query) });
}
