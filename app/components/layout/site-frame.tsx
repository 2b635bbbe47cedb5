import type { ReactNode } from "react";
import { useRootData } from "./root-data";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The public frame: header, the page, footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  const root = useRootData();
  if (!root) return <>{children}</>;
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader shopName={root.shop.name} email={root.user ? root.user.email : null} />
      <div className="flex-1">{children}</div>
      <SiteFooter shop={root.shop} />
    </div>
  );
}
