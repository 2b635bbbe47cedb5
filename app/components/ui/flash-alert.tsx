import { Link } from "react-router";
import type { ShownFlash } from "~/lib/flash";
import { Alert } from "./alert";

/** The message the previous form left (app/lib/flash.server.ts), at the top of the page it led to. */
export function FlashAlert({ flash }: { flash: ShownFlash | null }) {
  if (!flash) return null;
  return (
    <Alert tone={flash.tone} title={flash.title}>
      {flash.link ? (
        <>
          <Link to={flash.link.href} className="font-medium underline underline-offset-2">
            {flash.link.label}
          </Link>
          {" · "}
        </>
      ) : null}
      {flash.message}
    </Alert>
  );
}
