import { jsonDownload } from "~/lib/json-download.server";
import { isStaffRole } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { exportOwnData } from "~/modules/privacy/export.server";
import type { Route } from "./+types/personal-data-export";

/** /dashboard/meus-dados/exportar.json: everything the shop holds about the signed-in customer (LGPD art. 18 II); audited. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (isStaffRole(user.role)) throw new Response("Para a equipe: use Dados pessoais (LGPD) no menu.", { status: 403 });
  return jsonDownload("meus-dados", await exportOwnData(actorOf(user)));
}
