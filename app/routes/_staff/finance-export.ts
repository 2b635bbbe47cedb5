import { csvDownload } from "~/lib/csv-download.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { entryFiltersFromSearchParams } from "~/modules/finance/entry-filters";
import { exportEntriesCsv } from "~/modules/finance/entries-export.server";
import type { Route } from "./+types/finance-export";

/** /financial-management/exportar.csv?<the list's filters>: the filtered lançamentos, as a spreadsheet opens them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = entryFiltersFromSearchParams(new URL(request.url).searchParams);
  return csvDownload("lancamentos", await exportEntriesCsv(actorOf(currentUser(context)), filters));
}
