import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("blogManagement");

export default function BlogManagement() {
  return <StaffAreaPage area="blogManagement" />;
}
