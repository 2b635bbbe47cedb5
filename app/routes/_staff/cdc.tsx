import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("cdc");

export default function Cdc() {
  return <StaffAreaPage area="cdc" />;
}
