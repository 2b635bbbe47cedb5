import { data } from "react-router";
import { InputError, NotFoundError } from "~/lib/errors";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { previewTemplate } from "~/modules/print-templates/templates.server";
import type { Route } from "./+types/print-template-preview";

/** Opened by address there is no template to preview: an empty preview (the editor posts its source). */
export function loader() {
  return Response.json({ html: "", problems: [] });
}

/** A preview refused as a whole, in the preview's own shape. */
function refused(message: string, status: number) {
  return data({ html: "", problems: [{ line: null, column: null, message }] }, { status });
}

/**
 * The editor's live preview (JSON): the typed source filled with the kind's
 * sample data through the printing path, or its problems with line and
 * column. Saves nothing. A preview the editor stopped waiting for (a newer
 * keystroke aborts the request) stops its render.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return refused("Envie o modelo.", 400);
  try {
    return await previewTemplate(
      actorOf(currentUser(context)),
      { kind: formText(form, "kind"), paper: formText(form, "paper"), body: formText(form, "body") },
      request.signal,
    );
  } catch (error) {
    if (error instanceof NotFoundError) return refused("Documento ou papel desconhecido.", 404);
    // Too many previews at once (RenderBusyError): said in the preview, as a problem of the whole template.
    if (error instanceof InputError) return refused(error.message, error.status);
    throw error;
  }
}
