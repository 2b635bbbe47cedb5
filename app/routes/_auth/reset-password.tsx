import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toaster";
import { Alert } from "~/components/ui/alert";
import { resetPassword } from "~/modules/accounts/auth-client";
import { AuthCard } from "~/modules/accounts/components/auth-card";
import { PasswordField } from "~/modules/accounts/components/password-field";
import { SubmitButton } from "~/modules/accounts/components/submit-button";
import { useAuthSubmit } from "~/modules/accounts/components/use-auth-submit";
import { passwordProblem } from "~/modules/accounts/password-policy";

export function meta() {
  return [{ title: "Nova senha — Balcão" }, { name: "robots", content: "noindex" }];
}

export default function ResetPassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const navigate = useNavigate();
  const form = useAuthSubmit(["password", "confirmation"], ({ password }) => resetPassword(token ?? "", password), {
    check: ({ password, confirmation }) =>
      passwordProblem(password) ?? (password === confirmation ? null : "As senhas não conferem."),
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
      <form onSubmit={form.onSubmit} className="space-y-4">
        {form.error ? <Alert tone="destructive">{form.error}</Alert> : null}
        <PasswordField label="Nova senha" name="password" autoComplete="new-password" required {...togglePassword} />
        <PasswordField label="Repita a nova senha" name="confirmation" autoComplete="new-password" required {...togglePassword} />
        <SubmitButton isPending={form.isPending}>Salvar nova senha</SubmitButton>
      </form>
    </AuthCard>
  );
}
