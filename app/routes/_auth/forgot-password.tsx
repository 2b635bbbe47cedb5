import { useState } from "react";
import { data, Link, useActionData } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { requestPasswordReset } from "~/modules/accounts/auth-client";
import { AuthCard } from "~/modules/accounts/components/auth-card";
import { SubmitButton } from "~/modules/accounts/components/submit-button";
import { useAuthSubmit } from "~/modules/accounts/components/use-auth-submit";
import { callAuthEndpoint } from "~/modules/accounts/form-auth.server";
import { PASSWORD_RESET_REDIRECT } from "~/modules/accounts/auth-client";
import type { Route } from "./+types/forgot-password";
import { FORM_EXPECTED } from "~/lib/form-refusal.server";

export function meta() {
  return [{ title: "Esqueci minha senha — Balcão" }, { name: "robots", content: "noindex" }];
}

/** The form posted by the browser before the page's scripts have run: the same endpoint the scripts call. */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (a script's JSON, plain text) is bad input, not a server error.
  const form = await request.formData().catch(() => null);
  if (!form) return data({ error: FORM_EXPECTED }, { status: 400 });
  const email = form.get("email");
  const result = await callAuthEndpoint(request, "/request-password-reset", {
    email: typeof email === "string" ? email.trim() : "",
    redirectTo: PASSWORD_RESET_REDIRECT,
  });
  return result.ok ? { error: null } : data({ error: result.message }, { status: 400 });
}

export default function ForgotPassword() {
  const posted = useActionData<typeof action>();
  const [hasSent, setSent] = useState(false);
  const isSent = hasSent || posted?.error === null;
  const form = useAuthSubmit(["email"], ({ email }) => requestPasswordReset(email.trim()), {
    onSuccess: () => setSent(true),
  });
  return (
    <AuthCard
      title="Esqueci minha senha"
      description="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."
    >
      {isSent ? (
        // The same answer whether or not the e-mail has an account: no hint for someone probing addresses.
        <Alert tone="success">
          Se existir uma conta com este e-mail, enviamos um link para redefinir a senha. Confira sua caixa de entrada.
        </Alert>
      ) : (
        <form method="post" onSubmit={form.onSubmit} className="space-y-4">
          {(form.error ?? posted?.error) ? <Alert tone="destructive">{form.error ?? posted?.error}</Alert> : null}
          <Field label="E-mail" name="email" type="email" autoComplete="email" required />
          <SubmitButton isPending={form.isPending}>Enviar link</SubmitButton>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to="/auth" className="text-brand-700 underline">
          Voltar para o login
        </Link>
      </p>
    </AuthCard>
  );
}
