import { Menu, X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { cx } from "~/lib/class-names";
import { buttonClass } from "./button";
import { ModalDialog } from "./dialog";

/**
 * The 'Menu' button of narrow screens and the 300px drawer it opens (spec:
 * "a right-hand drawer, width 300px"). The caller owns `open` so choosing an
 * entry can close it. `hiddenFrom`: the width from which the page shows its
 * navigation itself and the button goes. On the narrowest phones the
 * button is its icon (the word stays for screen readers), so the header
 * keeps room for the shop's name.
 */
export function MenuDrawer({
  isOpen,
  onOpenChange,
  side,
  title,
  description,
  className,
  hiddenFrom,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  side: "left" | "right";
  title: string;
  description: string;
  className?: string;
  hiddenFrom: "lg" | "xl";
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => onOpenChange(true)}
        className={buttonClass({ variant: "ghost", size: "sm" }, hiddenFrom === "lg" ? "lg:hidden" : "xl:hidden")}
      >
        <Menu aria-hidden className="size-5" />
        <span className="max-sm:sr-only">Menu</span>
      </button>
      <ModalDialog
        isOpen={isOpen}
        onClose={() => onOpenChange(false)}
        labelledBy={titleId}
        describedBy={descriptionId}
        placement={side}
        className={cx("flex flex-col gap-4 overflow-y-auto p-4", className)}
      >
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className={buttonClass({ variant: "ghost", size: "icon" })}
            aria-label="Fechar menu"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <p id={descriptionId} className="sr-only">
          {description}
        </p>
        {children}
      </ModalDialog>
    </>
  );
}
