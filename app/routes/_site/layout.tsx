import { Outlet } from "react-router";
import { LocalBusinessJsonLd } from "~/components/layout/local-business-json-ld";
import { SiteErrorBoundary, SiteFrame } from "~/components/layout/site-frame";
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
  return <SiteErrorBoundary error={error} />;
}
