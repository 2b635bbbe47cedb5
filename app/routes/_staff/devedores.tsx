import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("debtors");

export default function Debtors() {
  return <StaffAreaPage area="debtors" />;
}
