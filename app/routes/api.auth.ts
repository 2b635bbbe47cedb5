import { getAuth } from "~/modules/accounts/auth.server";
import type { Route } from "./+types/api.auth";

/**
 * better-auth's endpoints for the development server. In production app/server/app.server.ts
 * answers /api/auth/* before React Router and this module is never reached.
 */
async function handle({ request }: Route.LoaderArgs | Route.ActionArgs) {
  const auth = await getAuth();
  return auth.handler(request);
}

export const loader = handle;
export const action = handle;
