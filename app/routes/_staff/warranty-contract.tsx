import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("warranty");

export default function WarrantyContract() {
  return <StaffAreaPage area="warranty" />;
}
