import { getEnv } from "~/lib/env.server";
import { PROTECTED_SEGMENTS } from "~/lib/protected-paths";

/** Nothing behind a sign-in is for search engines; everything else is. */
export function loader() {
  const origin = getEnv().PUBLIC_URL;
  const lines = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /auth",
    ...[...PROTECTED_SEGMENTS].map((segment) => `Disallow: /${segment}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
