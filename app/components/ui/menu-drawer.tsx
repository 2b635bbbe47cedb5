import { Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { cx } from "~/lib/class-names";
import { buttonClass } from "./button";

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
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={buttonClass({ variant: "ghost", size: "sm" }, "lg:hidden")}>
        <Menu aria-hidden className="size-5" />
        Menu
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          className={cx(
            "fixed inset-y-0 z-50 flex w-[300px] max-w-full flex-col gap-4 overflow-y-auto p-4 shadow-xl",
            side === "right" ? "right-0" : "left-0",
            className,
          )}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close className={buttonClass({ variant: "ghost", size: "icon" })} aria-label="Fechar menu">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
