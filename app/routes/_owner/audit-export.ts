import { csvDownload } from "~/lib/csv-download.server";
import { assertOwnerActor } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { exportAuditCsv } from "~/modules/audit/audit-export.server";
import { auditFiltersFromSearchParams } from "~/modules/audit/filters";
import type { Route } from "./+types/audit-export";

/** /auditoria/exportar.csv?<the log's filters>: the filtered entries, as a spreadsheet opens them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  // Checked before the first chunk: a refusal is the page's 403, not a broken download.
  assertOwnerActor(actor);
  const filters = auditFiltersFromSearchParams(new URL(request.url).searchParams);
  return csvDownload("auditoria", await exportAuditCsv(actor, filters));
}
