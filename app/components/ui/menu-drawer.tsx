import { Menu, X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { cx } from "~/lib/class-names";
import { buttonClass } from "./button";
import { ModalDialog } from "./dialog";

/**
 * The 'Menu' button of narrow screens and the 300px drawer it opens (spec:
 * "a right-hand drawer, width 300px"). The caller owns `open` so choosing an
 * entry can close it.
 */
export function MenuDrawer({
  isOpen,
  onOpenChange,
  side,
  title,
  description,
  className,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  side: "left" | "right";
  title: string;
  description: string;
  className?: string;
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
        className={buttonClass({ variant: "ghost", size: "sm" }, "lg:hidden")}
      >
        <Menu aria-hidden className="size-5" />
        Menu
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
