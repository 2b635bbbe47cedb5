import { Outlet } from "react-router";
import { requireStaffMiddleware } from "~/modules/accounts/session.server";
import type { Route } from "./+types/layout";

/** One guard for the whole back office: it runs before any loader or action below it. */
export const middleware: Route.MiddlewareFunction[] = [requireStaffMiddleware];

export default function StaffLayout() {
  return <Outlet />;
}
