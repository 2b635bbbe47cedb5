import { formText } from "~/lib/forms";
import { assertStaffActor } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { BLOG_POST_LIMITS } from "~/modules/blog/validation";
import type { Route } from "./+types/markdown-preview";

/**
 * The live preview of every Markdown editor (a post, an FAQ answer, the
 * story; components/ui/markdown-editor.tsx): Markdown in, the HTML the site
 * would show out, rendered by the same sanitiser (blog/markdown.server.ts),
 * so what the staff see is what visitors get. Writes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertStaffActor(actorOf(currentUser(context)));
  const form = await request.formData().catch(() => null);
  const text = form ? formText(form, "markdown") : "";
  // The longest Markdown the shop writes is a post's body.
  if (text.length > BLOG_POST_LIMITS.bodyMarkdown) return Response.json({ html: null }, { status: 400 });
  return Response.json({ html: renderMarkdown(text) });
}

/** Opened by address: the preview of nothing (the editors only post here). */
export function loader({ context }: Route.LoaderArgs) {
  assertStaffActor(actorOf(currentUser(context)));
  return Response.json({ html: "" });
}
