import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("audit");

export default function Audit() {
  return <StaffAreaPage area="audit" />;
}
