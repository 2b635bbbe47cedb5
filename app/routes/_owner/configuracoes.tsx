import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("settings");

export default function Settings() {
  return <StaffAreaPage area="settings" />;
}
