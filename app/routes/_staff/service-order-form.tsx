import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("newServiceOrder");

export default function ServiceOrderForm() {
  return <StaffAreaPage area="newServiceOrder" />;
}
