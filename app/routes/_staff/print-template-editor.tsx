import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("printTemplateEditor");

export default function PrintTemplateEditor() {
  return <StaffAreaPage area="printTemplateEditor" />;
}
