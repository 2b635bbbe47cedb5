/** A path on this site to return to, never another origin ("//evil", "/\\evil", "https://…"). */
export function safeRedirectPath(target: string | null | undefined, fallback = "/dashboard") {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (target === "/auth" || target.startsWith("/auth?") || target.startsWith("/auth/")) return fallback;
  return target;
}
