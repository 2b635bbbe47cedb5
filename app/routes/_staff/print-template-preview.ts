import { data } from "react-router";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { previewTemplate } from "~/modules/print-templates/templates.server";
import type { Route } from "./+types/print-template-preview";

/**
 * The editor's live preview (JSON): the typed source filled with the kind's
 * sample data through the printing path, or its problems with line and
 * column. Saves nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return data({ html: "", problems: [{ line: null, column: null, message: "Envie o modelo." }] }, { status: 400 });
  const preview = await previewTemplate(actorOf(currentUser(context)), {
    kind: formText(form, "kind"),
    paper: formText(form, "paper"),
    body: formText(form, "body"),
  });
  return preview;
}
