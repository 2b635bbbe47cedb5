import { useState } from "react";
import { data, Link, redirect, useActionData, useNavigate, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toaster";
import { Alert } from "~/components/ui/alert";
import { resetPassword } from "~/modules/accounts/auth-client";
import { AuthCard } from "~/modules/accounts/components/auth-card";
import { PasswordField } from "~/modules/accounts/components/password-field";
import { SubmitButton } from "~/modules/accounts/components/submit-button";
import { useAuthSubmit } from "~/modules/accounts/components/use-auth-submit";
import { passwordProblem } from "~/modules/accounts/password-policy";
import { callAuthEndpoint } from "~/modules/accounts/form-auth.server";
import type { Route } from "./+types/reset-password";
import { FORM_EXPECTED } from "~/lib/form-refusal.server";

export function meta() {
  return [{ title: "Nova senha — Balcão" }, { name: "robots", content: "noindex" }];
}

/** A mismatch of the two fields, else the policy's complaint, else null. */
function newPasswordProblem(password: string, confirmation: string) {
  return passwordProblem(password) ?? (password === confirmation ? null : "As senhas não conferem.");
}

/** The form posted by the browser before the page's scripts have run: the same checks and endpoint as the scripts. */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (a script's JSON, plain text) is bad input, not a server error.
  const form = await request.formData().catch(() => null);
  if (!form) return data({ error: FORM_EXPECTED }, { status: 400 });
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const problem = newPasswordProblem(field("password"), field("confirmation"));
  if (problem) return data({ error: problem }, { status: 400 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await callAuthEndpoint(request, "/reset-password", { token, newPassword: field("password") });
  if (!result.ok) return data({ error: result.message }, { status: 400 });
  throw redirect("/auth?senha=alterada");
}

export default function ResetPassword() {
  const posted = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const navigate = useNavigate();
  const form = useAuthSubmit(["password", "confirmation"], ({ password }) => resetPassword(token ?? "", password), {
    check: ({ password, confirmation }) => newPasswordProblem(password, confirmation),
    onSuccess: async () => {
      toast.success("Senha alterada com sucesso!");
      await navigate("/auth?senha=alterada", { replace: true });
    },
  });
  const togglePassword = { isVisible: isPasswordVisible, onToggleVisibility: () => setPasswordVisible((shown) => !shown) };

  if (!token || searchParams.has("error")) {
    return (
      <AuthCard title="Link inválido">
        <Alert tone="destructive">Este link de redefinição é inválido ou expirou.</Alert>
        <p className="mt-4 text-center text-sm">
          <Link to="/auth/esqueci-senha" className="text-brand-700 underline">
            Pedir um novo link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Crie uma nova senha">
      <form method="post" onSubmit={form.onSubmit} className="space-y-4">
        {(form.error ?? posted?.error) ? <Alert tone="destructive">{form.error ?? posted?.error}</Alert> : null}
        <PasswordField label="Nova senha" name="password" autoComplete="new-password" required {...togglePassword} />
        <PasswordField label="Repita a nova senha" name="confirmation" autoComplete="new-password" required {...togglePassword} />
        <SubmitButton isPending={form.isPending}>Salvar nova senha</SubmitButton>
      </form>
    </AuthCard>
  );
}
