import { useEffect, useRef, type ReactNode } from "react";
import { cx } from "~/lib/class-names";
import { dialogClass, type DialogPlacement } from "./dialog-placement";

/**
 * A modal on the browser's own <dialog>: showModal() traps focus, closes on
 * Escape, makes the rest of the page inert and puts focus back on the opener,
 * with no library. The caller owns `isOpen`; `onClose` reports Escape, a
 * click on the backdrop and the dialog closing itself.
 */
export function ModalDialog({
  isOpen,
  onClose,
  labelledBy,
  describedBy,
  placement,
  className,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  placement: DialogPlacement;
  /** The box inside, which fills the dialog: a click on the dialog element itself is a click on the backdrop. */
  className?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  return (
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop is a pointer shortcut; keyboards close it with Escape (native) or its close button.
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={dialogClass(placement)}
    >
      <div className={cx("h-full shadow-xl", className)}>{children}</div>
    </dialog>
  );
}
