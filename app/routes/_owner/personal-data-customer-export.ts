import { jsonDownload } from "~/lib/json-download.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { exportCustomerData } from "~/modules/privacy/export.server";
import type { Route } from "./+types/personal-data-customer-export";

/** /dados-pessoais/clientes/:customerId/exportar.json: everything held about one customer, for the owner; audited. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const customerId = Number(params.customerId);
  try {
    return jsonDownload(`cliente-${customerId}-dados`, await exportCustomerData(actorOf(currentUser(context)), customerId));
  } catch (error) {
    if (error instanceof Error && error.name.endsWith("NotFoundError"))
      throw new Response("Cliente não encontrado.", { status: 404 });
    throw error;
  }
}
