import { StaffAreaPage, staffAreaMeta } from "~/components/layout/staff-area-page";

export const meta = () => staffAreaMeta("trafficAnalysis");

export default function TrafficAnalysis() {
  return <StaffAreaPage area="trafficAnalysis" />;
}
