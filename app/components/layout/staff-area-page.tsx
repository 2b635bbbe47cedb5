import { STAFF_AREAS, type StaffAreaKey } from "./staff-areas";

export function staffAreaMeta(area: StaffAreaKey) {
  return [{ title: `${STAFF_AREAS[area].title} — Balcão` }, { name: "robots", content: "noindex" }];
}
