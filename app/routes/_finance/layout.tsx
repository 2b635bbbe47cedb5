import { Outlet } from "react-router";
import { requireFinanceMiddleware } from "~/modules/accounts/session.server";
import type { Route } from "./+types/layout";

/**
 * Finance (accounts, entries, recurring bills, card receivables, the month
 * result, the CSV): the owner, and staff the owner granted "Financeiro" on
 * /equipe. Its guard runs before every loader and action below it.
 */
export const middleware: Route.MiddlewareFunction[] = [requireFinanceMiddleware];

export default function FinanceLayout() {
  return <Outlet />;
}
