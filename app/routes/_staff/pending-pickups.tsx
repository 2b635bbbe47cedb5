import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("pendingPickups");

export default function PendingPickups() {
  return <StaffAreaPage area="pendingPickups" />;
}
