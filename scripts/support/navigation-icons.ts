import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { navigationIconId, STAFF_AREAS, type StaffAreaKey } from "~/components/layout/staff-areas";

export const NAVIGATION_ICONS_FILE = "app/components/layout/navigation-icons.svg";

/** The file's content: each staff area's icon as lucide draws it, under its id. */
export function navigationIconsSvg() {
  const icons = (Object.keys(STAFF_AREAS) as StaffAreaKey[]).map((key) =>
    createElement(STAFF_AREAS[key].icon, { key, id: navigationIconId(key) }),
  );
  return `${renderToStaticMarkup(createElement("svg", { xmlns: "http://www.w3.org/2000/svg" }, createElement("defs", null, icons)))}\n`;
}
