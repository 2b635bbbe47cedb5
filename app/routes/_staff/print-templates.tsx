import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("printTemplates");

export default function PrintTemplates() {
  return <StaffAreaPage area="printTemplates" />;
}
