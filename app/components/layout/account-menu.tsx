import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { deferredComponent } from "~/components/ui/static-section";

/** Spec §4: the part of the e-mail before the @, or 'Usuário'. */
export function accountLabel(email: string | null | undefined) {
  const local = email?.split("@")[0];
  return local ? local : "Usuário";
}

// Most visitors are not signed in: the menu's code (and its icons) loads only for those who are.
const SignedInMenu = deferredComponent(() => import("./signed-in-menu").then((module) => module.SignedInMenu));

/** 'Login', or the signed-in person's menu. */
export function AccountMenu({ email }: { email: string | null }) {
  if (email === null) {
    return (
      <Link to="/auth" className={buttonClass({ variant: "outline", size: "sm" })}>
        Login
      </Link>
    );
  }
  return <SignedInMenu email={email} />;
}
