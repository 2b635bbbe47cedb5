import { shopTimestampForFileName } from "~/lib/dates";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { entryFiltersFromSearchParams } from "~/modules/finance/entry-filters";
import { exportEntriesCsv } from "~/modules/finance/entries-export.server";
import type { Route } from "./+types/finance-export";

/** /financial-management/exportar.csv?<the list's filters>: the filtered lançamentos, as a spreadsheet opens them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = entryFiltersFromSearchParams(new URL(request.url).searchParams);
  const chunks = exportEntriesCsv(actorOf(currentUser(context)), filters);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="lancamentos-${shopTimestampForFileName()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
