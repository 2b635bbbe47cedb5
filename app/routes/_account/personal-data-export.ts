import { jsonDownload } from "~/lib/json-download.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { exportOwnData } from "~/modules/privacy/export.server";
import type { Route } from "./+types/personal-data-export";

/** /minha-conta/dados/exportar.json: everything the shop holds about the signed-in person (LGPD art. 18 II); audited. */
export async function loader({ context }: Route.LoaderArgs) {
  return jsonDownload("meus-dados", await exportOwnData(actorOf(currentUser(context))));
}
