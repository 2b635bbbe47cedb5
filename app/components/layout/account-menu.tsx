import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link, useNavigate, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toaster";
import { buttonClass } from "~/components/ui/button";
import { signOut } from "~/modules/accounts/auth-client";

/** Spec §4: the part of the e-mail before the @, or 'Usuário'. */
export function accountLabel(email: string | null | undefined) {
  const local = email?.split("@")[0];
  return local ? local : "Usuário";
}

export function AccountMenu({ email }: { email: string | null }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  if (email === null) {
    return (
      <Link to="/auth" className={buttonClass({ variant: "outline", size: "sm" })}>
        Login
      </Link>
    );
  }

  async function handleSignOut() {
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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass({ variant: "outline", size: "sm" }, "max-w-48")}>
        <UserRound aria-hidden className="size-4 shrink-0" />
        <span className="truncate">{accountLabel(email)}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item
            onSelect={handleSignOut}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <LogOut aria-hidden className="size-4" />
            Sair
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
