import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/errors";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { getAuth } from "~/modules/accounts/auth.server";
import { AuthCard } from "~/modules/accounts/components/auth-card";
import { PasswordField } from "~/modules/accounts/components/password-field";
import { SubmitButton } from "~/modules/accounts/components/submit-button";
import { acceptStaffInvite, findStaffInvite } from "~/modules/accounts/staff-invites.server";
import { TEAM_LIMITS } from "~/modules/accounts/team-validation";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/staff-invite";
import { shopNameInMessages } from "~/lib/shop-name";

export function meta() {
  return [{ title: "Convite para a equipe — Balcão" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const [invite, shop] = await Promise.all([findStaffInvite(token), getShopSettings()]);
  return { token: invite.status === "valid" ? token : null, invite, shopName: shopNameInMessages(shop) };
}

export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (a script's JSON, a broken multipart) is bad input, not a server error.
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ fullName: "" });
  const fullName = formText(form, "fullName");
  const password = formText(form, "password");
  let email: string;
  try {
    ({ email } = await acceptStaffInvite({
      token: formText(form, "token"),
      fullName,
      password,
      confirmation: formText(form, "confirmation"),
    }));
  } catch (error) {
    // The password is never sent back; the name is.
    return formRefusal(error, { fullName });
  }
  try {
    const auth = await getAuth();
    const { headers } = await auth.api.signInEmail({ body: { email, password }, headers: request.headers, returnHeaders: true });
    return redirect("/dashboard", { headers: { "Set-Cookie": headers.get("set-cookie") ?? "" } });
  } catch (error) {
    // The account exists; only the automatic sign-in failed (a rate limit): the sign-in page takes over.
    logger.warn({ err: error }, "conta do convite criada, mas o login automático falhou");
    return redirect(`/auth?from=${encodeURIComponent("/dashboard")}`);
  }
}

const REFUSED_TITLES = {
  unknown: "Convite inválido",
  expired: "Convite expirado",
  used: "Convite já usado",
  revoked: "Convite cancelado",
} as const;

export default function StaffInvite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const { invite, token, shopName } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const togglePassword = { isVisible: isPasswordVisible, onToggleVisibility: () => setPasswordVisible((shown) => !shown) };

  if (invite.status !== "valid") {
    return (
      <AuthCard title={REFUSED_TITLES[invite.status]}>
        <Alert tone="destructive">{invite.message}</Alert>
        {invite.status === "used" ? (
          <p className="mt-4 text-center text-sm">
            <Link to="/auth" className="text-brand-700 underline">
              Entrar
            </Link>
          </p>
        ) : null}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Entrar para a equipe"
      description={`Você foi convidado(a) para a equipe de ${shopName} com a função “${invite.roleLabel}”. Escolha seu nome e sua senha. Este link funciona uma única vez.`}
    >
      <Form method="post" className="space-y-4">
        {errors.form || errors.token ? <Alert tone="destructive">{errors.form ?? errors.token}</Alert> : null}
        <input type="hidden" name="token" value={token ?? ""} />
        {/* The e-mail is the invited one: shown as text (a long one wraps on a phone) and given to password managers. */}
        <p className="text-sm text-slate-700">
          E-mail da conta: <strong className="break-all text-slate-900">{invite.email}</strong>
        </p>
        <input type="email" name="email" autoComplete="username" value={invite.email} readOnly hidden />
        <Field
          label="Nome completo"
          name="fullName"
          autoComplete="name"
          required
          maxLength={TEAM_LIMITS.fullName}
          defaultValue={actionData?.fullName ?? ""}
          error={errors.fullName}
        />
        <PasswordField
          label="Senha"
          name="password"
          autoComplete="new-password"
          required
          error={errors.password}
          hint="Pelo menos 12 caracteres, com maiúsculas, minúsculas, números e um destes: ! @ # $ % ^ & *"
          {...togglePassword}
        />
        <PasswordField
          label="Repita a senha"
          name="confirmation"
          autoComplete="new-password"
          required
          error={errors.confirmation}
          {...togglePassword}
        />
        <SubmitButton isPending={navigation.state === "submitting"}>Criar minha conta</SubmitButton>
      </Form>
    </AuthCard>
  );
}
