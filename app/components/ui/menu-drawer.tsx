import { Menu, X } from "lucide-react";
import { useId, useRef, type ReactNode } from "react";
import { cx } from "~/lib/class-names";
import { buttonClass } from "./button";
import { dialogClass } from "./dialog-placement";

// Invoker commands (HTML: `commandfor` + `command`) are not in React's types yet; React passes them through as attributes.
declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
  }
}

/**
 * The 'Menu' button of narrow screens and the 300px drawer it opens (spec:
 * "a right-hand drawer, width 300px"). The button is an invoker of the
 * browser's own modal <dialog> (`command="show-modal"`), so the first tap
 * opens it even before the page's scripts have run (issue 10, 5.11); the
 * dialog itself holds whether it is open. React only adds what HTML cannot:
 * choosing an entry, or tapping the backdrop, closes it; the click handlers
 * also open and close it in a browser without invoker commands.
 * `hiddenFrom`: the width from which the page shows its navigation itself
 * and the button goes. On the narrowest phones the button is its icon (the
 * word stays for screen readers), so the header keeps room for the shop's name.
 */
export function MenuDrawer({
  side,
  title,
  description,
  className,
  hiddenFrom,
  children,
}: {
  side: "left" | "right";
  title: string;
  description: string;
  className?: string;
  hiddenFrom: "lg" | "xl";
  children: ReactNode;
}) {
  const dialogId = useId();
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => {
    if (dialog.current?.open) dialog.current.close();
  };
  return (
    <>
      <button
        type="button"
        commandfor={dialogId}
        command="show-modal"
        aria-haspopup="dialog"
        onClick={() => {
          if (dialog.current && !dialog.current.open) dialog.current.showModal();
        }}
        className={buttonClass({ variant: "ghost", size: "sm" }, hiddenFrom === "lg" ? "lg:hidden" : "xl:hidden")}
      >
        <Menu aria-hidden className="size-5" />
        <span className="max-sm:sr-only">Menu</span>
      </button>
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop is a pointer shortcut (keyboards close it with Escape, natively, or its close button); a link chosen inside is activated by keyboards with a click too. */}
      <dialog
        ref={dialog}
        id={dialogId}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onClick={(event) => {
          const target = event.target;
          if (target === event.currentTarget || (target instanceof Element && target.closest("a[href]"))) close();
        }}
        className={dialogClass(side)}
      >
        <div className={cx("flex h-full flex-col gap-4 overflow-y-auto p-4 shadow-xl", className)}>
          <div className="flex items-center justify-between">
            <h2 id={titleId} className="font-semibold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              commandfor={dialogId}
              command="close"
              onClick={close}
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
        </div>
      </dialog>
    </>
  );
}
