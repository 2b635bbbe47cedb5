import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("financialManagement");

export default function FinancialManagement() {
  return <StaffAreaPage area="financialManagement" />;
}
