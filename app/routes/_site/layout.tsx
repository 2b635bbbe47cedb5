import { Outlet } from "react-router";
import { SiteErrorBoundary, SiteFrame } from "~/components/layout/site-frame";
import { staticSection } from "~/components/ui/static-section";
import type { Route } from "./+types/layout";

// Search engines read it in the server's HTML. The browser keeps that script and never needs the code,
// not even to draw the page after a client-side navigation (the data would only matter to a crawler).
const StaticLocalBusinessJsonLd = staticSection(
  import.meta.env.SSR
    ? () => import("~/components/layout/local-business-json-ld").then((module) => module.LocalBusinessJsonLd)
    : () => Promise.resolve(() => null),
);

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
      <StaticLocalBusinessJsonLd />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SiteErrorBoundary error={error} />;
}
