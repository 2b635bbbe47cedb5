import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { useId, type FormEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { signOut } from "~/modules/accounts/auth-client";
import { accountLabel, type SignedInAccount } from "./account-menu";

/**
 * The signed-in person's menu: a native popover (closes on Escape and on a
 * click outside by itself), placed under its button by CSS anchor positioning
 * (app.css). Both work before the page's scripts have run: the button opens
 * the popover natively, and "Sair" posts a form /auth's action answers.
 */
export function SignedInMenu({ account }: { account: SignedInAccount }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const menuId = useId();
  const triggerId = useId();
  const label = accountLabel(account.name, account.email);

  async function handleSignOut(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    document.getElementById(menuId)?.hidePopover();
    const result = await signOut();
    if (!result.ok) {
      toast.error("Erro ao fazer logout");
      return;
    }
    toast.success("Logout realizado com sucesso!");
    await navigate("/");
    await revalidator.revalidate();
  }

  return (
    <>
      <button
        type="button"
        id={triggerId}
        popoverTarget={menuId}
        aria-haspopup="menu"
        className={buttonClass({ variant: "outline", size: "sm" }, "account-menu-trigger max-w-56")}
      >
        <UserRound aria-hidden className="size-4 shrink-0" />
        <span className="truncate max-sm:sr-only" title={account.name?.trim() || account.email}>
          {label}
        </span>
        <ChevronDown aria-hidden className="size-4 shrink-0" />
      </button>
      <div
        id={menuId}
        popover="auto"
        role="menu"
        aria-labelledby={triggerId}
        onToggle={(event) => {
          if (event.newState === "open") event.currentTarget.querySelector<HTMLElement>("[role=menuitem]")?.focus();
        }}
        className="account-menu min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        <form method="post" action="/auth" onSubmit={handleSignOut}>
          <input type="hidden" name="intent" value="sair" />
          <button
            type="submit"
            role="menuitem"
            className="flex w-full cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none hover:bg-slate-100 focus:bg-slate-100"
          >
            <LogOut aria-hidden className="size-4" />
            Sair
          </button>
        </form>
      </div>
    </>
  );
}
