import { Outlet } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { SiteFrame } from "~/components/layout/site-frame";
import type { Route } from "./+types/layout";

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      <ErrorPage error={error} />
    </SiteFrame>
  );
}
