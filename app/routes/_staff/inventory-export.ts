import { shopTimestampForFileName } from "~/lib/dates";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { exportProductsCsv } from "~/modules/inventory/product-export.server";
import type { Route } from "./+types/inventory-export";

/** /inventory/exportar.csv: every active product, as the import reads them. */
export async function loader({ context }: Route.LoaderArgs) {
  const chunks = exportProductsCsv(actorOf(currentUser(context)));
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
      "Content-Disposition": `attachment; filename="estoque-${shopTimestampForFileName()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
