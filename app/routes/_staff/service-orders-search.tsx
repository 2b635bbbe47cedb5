import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("serviceOrderSearch");

export default function ServiceOrderSearch() {
  return <StaffAreaPage area="serviceOrderSearch" />;
}
