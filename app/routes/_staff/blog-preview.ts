import { formText } from "~/lib/forms";
import { assertStaffActor } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { BLOG_POST_LIMITS } from "~/modules/blog/validation";
import type { Route } from "./+types/blog-preview";

/**
 * The editor's live preview: Markdown in, the HTML /blog would show out,
 * rendered by the same sanitiser (markdown.server.ts), so what the staff see
 * is what visitors get. Writes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertStaffActor(actorOf(currentUser(context)));
  const form = await request.formData().catch(() => null);
  const text = form ? formText(form, "bodyMarkdown") : "";
  if (text.length > BLOG_POST_LIMITS.bodyMarkdown) return Response.json({ html: "" }, { status: 400 });
  return Response.json({ html: renderMarkdown(text) });
}

/** Opened by address: the preview of nothing (the editor only posts here). */
export function loader({ context }: Route.LoaderArgs) {
  assertStaffActor(actorOf(currentUser(context)));
  return Response.json({ html: "" });
}
