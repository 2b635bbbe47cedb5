import { respondWithUploadFile } from "~/modules/uploads/serve-upload.server";
import type { Route } from "./+types/uploads";

/**
 * Uploaded images for the development server. In production app/server/app.server.ts
 * answers /arquivos/* before the session is read and before React Router,
 * and this module is never reached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return respondWithUploadFile(request, params.file);
}
