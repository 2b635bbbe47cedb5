import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("team");

export default function Team() {
  return <StaffAreaPage area="team" />;
}
