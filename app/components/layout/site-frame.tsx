import type { ReactNode } from "react";
import { FloatingAccessibility } from "./floating-accessibility";
import { FloatingWhatsapp } from "./floating-whatsapp";
import { ErrorPage } from "./route-error";
import { useRootData } from "./root-data";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { TrafficBeacon } from "./traffic-beacon";

/** The public frame: header, the page, footer and the floating widgets (the staff shell has none). */
export function SiteFrame({ children, isErrorPage = false }: { children: ReactNode; isErrorPage?: boolean }) {
  const root = useRootData();
  if (!root) return <>{children}</>;
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader shopName={root.shop.name} logo={root.shop.logo} account={root.user} />
      <div className="flex-1">{children}</div>
      <SiteFooter shop={root.shop} />
      <aside aria-label="Atendimento e acessibilidade">
        <FloatingAccessibility />
        <FloatingWhatsapp
          whatsapp={root.shop.whatsapp}
          weeklyHours={root.shop.weeklyHours}
          closures={root.shop.closures}
          utcOffsetMinutes={root.shop.utcOffsetMinutes}
        />
      </aside>
      {/* An error page (a mistyped or probed address) is not a page of the site worth counting. */}
      {isErrorPage ? null : <TrafficBeacon />}
    </div>
  );
}

/** A layout's error boundary: the error page inside the public frame. */
export function SiteErrorBoundary({ error }: { error: unknown }) {
  return (
    <SiteFrame isErrorPage>
      <ErrorPage error={error} />
    </SiteFrame>
  );
}
