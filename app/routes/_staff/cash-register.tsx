import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("cashRegister");

export default function CashRegister() {
  return <StaffAreaPage area="cashRegister" />;
}
