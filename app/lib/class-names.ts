/** Joins the truthy class names: cx("a", isActive && "b"). */
export function cx(...names: Array<string | false | null | undefined>) {
  return names.filter(Boolean).join(" ");
}
