import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("serviceOrders");

export default function ServiceOrders() {
  return <StaffAreaPage area="serviceOrders" />;
}
