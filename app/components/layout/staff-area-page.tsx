import { EmptyState } from "~/components/ui/empty-state";
import { STAFF_AREAS, type StaffAreaKey } from "./staff-areas";

/** A management page's title and, until its issue builds it, the empty state saying what will be there. */
export function StaffAreaPage({ area }: { area: StaffAreaKey }) {
  const { title, icon: Icon, comingContent } = STAFF_AREAS[area];
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      <EmptyState icon={<Icon aria-hidden className="size-10" />} title="Nada por aqui ainda">
        <p>{comingContent}</p>
      </EmptyState>
    </>
  );
}

export function staffAreaMeta(area: StaffAreaKey) {
  return [{ title: `${STAFF_AREAS[area].title} — Balcão` }, { name: "robots", content: "noindex" }];
}
