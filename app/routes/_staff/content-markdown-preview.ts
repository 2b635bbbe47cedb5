import { FAQ_LIMITS } from "~/modules/faq/validation";
import { isStaffRole } from "~/modules/accounts/roles";
import { currentUser } from "~/modules/accounts/session.server";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import type { Route } from "./+types/content-markdown-preview";

/**
 * The live preview of the FAQ's and the story's editors: the server's own
 * sanitiser renders what is typed, so the preview is exactly what the site
 * will show. Staff only (the _staff guard, and checked here again).
 */
/** A GET has no text to preview: the empty preview (the editors post). */
export function loader() {
  return Response.json({ html: "" });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isStaffRole(currentUser(context).role)) return Response.json({ html: null }, { status: 403 });
  const form = await request.formData().catch(() => null);
  const markdown = form?.get("markdown");
  if (typeof markdown !== "string" || markdown.length > FAQ_LIMITS.story) return Response.json({ html: null }, { status: 400 });
  return Response.json({ html: renderMarkdown(markdown.replaceAll("\u0000", "")) });
}
