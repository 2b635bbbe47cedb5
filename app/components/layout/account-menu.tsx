import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { deferredComponent } from "~/components/ui/static-section";

/** Past this, a full name no longer fits the header's button (max-w-56) and would be cut mid-word. */
const SHORT_NAME_LENGTH = 20;

/**
 * How the header's button names who is signed in: the account's name as people
 * at the counter know each other (issue 21: not "joana.tecnica"), a long one
 * as its first and last word ("Maria Oliveira"); the e-mail's part before the @
 * only for an account without a name; 'Usuário' without either.
 */
export function accountLabel(name: string | null | undefined, email: string | null | undefined) {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length > 0) {
    const full = words.join(" ");
    return full.length > SHORT_NAME_LENGTH && words.length > 2 ? `${words[0]} ${words.at(-1)}` : full;
  }
  const local = email?.split("@")[0];
  return local ? local : "Usuário";
}

// Most visitors are not signed in: the menu's code (and its icons) loads only for those who are.
const SignedInMenu = deferredComponent(() => import("./signed-in-menu").then((module) => module.SignedInMenu));

export type SignedInAccount = { name: string | null; email: string };

/** 'Login', or the signed-in person's menu. */
export function AccountMenu({ account }: { account: SignedInAccount | null }) {
  if (account === null) {
    return (
      <Link to="/auth" className={buttonClass({ variant: "outline", size: "sm" })}>
        Login
      </Link>
    );
  }
  return <SignedInMenu account={account} />;
}
