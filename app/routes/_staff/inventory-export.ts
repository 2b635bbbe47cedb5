import { csvDownload } from "~/lib/csv-download.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { exportProductsCsv } from "~/modules/inventory/product-export.server";
import type { Route } from "./+types/inventory-export";

/** /inventory/exportar.csv: every active product, as the import reads them. */
export async function loader({ context }: Route.LoaderArgs) {
  return csvDownload("estoque", await exportProductsCsv(actorOf(currentUser(context))));
}
