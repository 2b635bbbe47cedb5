import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("inventory");

export default function Inventory() {
  return <StaffAreaPage area="inventory" />;
}
