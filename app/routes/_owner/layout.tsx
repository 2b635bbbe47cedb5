import { Outlet } from "react-router";
import { requireOwnerMiddleware } from "~/modules/accounts/session.server";
import type { Route } from "./+types/layout";

/** Team, settings and audit: the owner only. */
export const middleware: Route.MiddlewareFunction[] = [requireOwnerMiddleware];

export default function OwnerLayout() {
  return <Outlet />;
}
