import { Outlet } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { LocalBusinessJsonLd } from "~/components/layout/local-business-json-ld";
import { SiteFrame } from "~/components/layout/site-frame";
import type { Route } from "./+types/layout";

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
      <LocalBusinessJsonLd />
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
