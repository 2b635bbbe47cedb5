import { Tabs } from "radix-ui";
import { useState } from "react";
import { data, Link, redirect, useActionData, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toaster";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signIn, signUp, SIGN_UP_CALLBACK_URL } from "~/modules/accounts/auth-client";
import { AuthCard } from "~/modules/accounts/components/auth-card";
import { PasswordField } from "~/modules/accounts/components/password-field";
import { SubmitButton } from "~/modules/accounts/components/submit-button";
import { useAuthSubmit } from "~/modules/accounts/components/use-auth-submit";
import { callAuthEndpoint, sessionCookies } from "~/modules/accounts/form-auth.server";
import { passwordProblem } from "~/modules/accounts/password-policy";
import { sessionUserContext } from "~/modules/accounts/session.server";
import { readReferralCode, REFERRAL_PARAM } from "~/modules/customers/referral-code";
import { referralCookie } from "~/modules/customers/referral-cookie.server";
import { referrerFirstName } from "~/modules/customers/referrals.server";
import type { Route } from "./+types/auth";
import { FORM_EXPECTED } from "~/lib/form-refusal.server";

export function meta() {
  return [
    { title: "Entrar ou criar conta — Balcão" },
    { name: "description", content: "Entre na sua conta ou cadastre-se para acompanhar seus consertos e pontos de fidelidade." },
  ];
}

/**
 * A signed-in user has nothing to do here: back to where they came from, or
 * the dashboard. A customer's referral link (?indicacao=CODE) leaves its code
 * in a cookie, recorded on the new account's customer record at its first
 * signed-in page (customers/referral-cookie.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const code = readReferralCode(new URL(request.url).searchParams.get(REFERRAL_PARAM));
  const referrer = code ? await referrerFirstName(code) : null;
  const headers = code && referrer ? { "Set-Cookie": referralCookie(code) } : undefined;
  if (context.get(sessionUserContext)) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("from")), { headers });
  }
  return data({ referrer }, { headers });
}

/**
 * The forms posted by the browser itself, before the page's scripts have run
 * (issue 10, 5.11): the same better-auth endpoints the scripts call, so a tap
 * on "Entrar" is never lost and the password never lands in the address.
 */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (a script's JSON, plain text) is bad input, not a server error.
  const form = await request.formData().catch(() => null);
  if (!form) return data({ intent: "login", error: FORM_EXPECTED }, { status: 400 });
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  if (field("intent") === "sair") {
    // The account menu's "Sair", tapped before its scripts ran.
    const result = await callAuthEndpoint(request, "/sign-out", {});
    throw redirect("/", { headers: sessionCookies(result.setCookies) });
  }
  if (field("intent") === "cadastro") {
    const result = await callAuthEndpoint(request, "/sign-up/email", {
      name: field("fullName").trim(),
      email: field("email").trim(),
      password: field("password"),
      callbackURL: SIGN_UP_CALLBACK_URL,
    });
    return data({ intent: "cadastro", error: result.ok ? null : result.message }, { status: result.ok ? 200 : 400 });
  }
  const result = await callAuthEndpoint(request, "/sign-in/email", {
    email: field("email").trim(),
    password: field("password"),
    callbackURL: SIGN_UP_CALLBACK_URL,
  });
  if (!result.ok) return data({ intent: "login", error: result.message }, { status: 400 });
  throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("from")), { headers: sessionCookies(result.setCookies) });
}

const TAB_CLASS =
  "flex-1 rounded-md px-3 py-2 text-center text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm";

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const referrer = loaderData?.referrer ?? null;
  // The tabs are links too (?aba=cadastro): a tap before the scripts have run loads the page on that tab.
  // Someone arriving by a referral link comes to sign up.
  const [tab, setTab] = useState(searchParams.get("aba") === "cadastro" || referrer ? "cadastro" : "login");
  const tabHref = (value: "login" | "cadastro") => {
    const next = new URLSearchParams(searchParams);
    if (value === "cadastro") next.set("aba", value);
    else next.delete("aba");
    const query = next.toString();
    return query ? `/auth?${query}` : "/auth";
  };
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const [hasSignedUp, setHasSignedUp] = useState(false);
  const posted = useActionData<typeof action>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const destination = safeRedirectPath(searchParams.get("from"));
  const togglePassword = { isVisible: isPasswordVisible, onToggleVisibility: () => setPasswordVisible((shown) => !shown) };

  const login = useAuthSubmit(["email", "password"], ({ email, password }) => signIn(email.trim(), password), {
    onSuccess: async () => {
      toast.success("Login realizado com sucesso!");
      await navigate(destination, { replace: true });
      await revalidator.revalidate();
    },
    onFailure: () => toast.error("Erro ao fazer login"),
  });

  const signup = useAuthSubmit(
    ["fullName", "email", "password"],
    ({ fullName, email, password }) => signUp(fullName.trim(), email.trim(), password),
    {
      check: ({ fullName, password }) => (fullName.trim() ? passwordProblem(password) : "Informe seu nome completo."),
      onSuccess: () => {
        toast.success("Conta criada com sucesso! Verifique seu email.");
        setHasSignedUp(true);
        setTab("login");
      },
      onFailure: () => toast.error("Erro ao criar conta"),
    },
  );

  return (
    <AuthCard title="Acesse sua conta" description="Acompanhe seus consertos, pontos de fidelidade e muito mais.">
      {searchParams.get("verificado") === "1" ? (
        <div className="mb-4">
          <Alert tone="success">E-mail confirmado! Agora é só entrar com seu e-mail e senha.</Alert>
        </div>
      ) : null}
      {referrer ? (
        <div className="mb-4">
          <Alert tone="success" title="Você foi indicado!">
            {referrer} indicou a nossa loja para você. Crie a sua conta: a indicação fica registrada quando você entrar pela
            primeira vez.
          </Alert>
        </div>
      ) : null}
      {searchParams.get("senha") === "alterada" ? (
        <div className="mb-4">
          <Alert tone="success">Senha alterada! Entre com a nova senha.</Alert>
        </div>
      ) : null}
      {hasSignedUp || (posted?.intent === "cadastro" && !posted.error) ? (
        <div className="mb-4">
          <Alert tone="success" title="Quase lá!">
            Enviamos um link de confirmação para o seu e-mail. Abra-o para ativar a conta e depois entre aqui.
          </Alert>
        </div>
      ) : null}
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="Entrar ou cadastrar" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="login" className={TAB_CLASS} asChild>
            <a href={tabHref("login")} onClick={(event) => event.preventDefault()}>
              Login
            </a>
          </Tabs.Trigger>
          <Tabs.Trigger value="cadastro" className={TAB_CLASS} asChild>
            <a href={tabHref("cadastro")} onClick={(event) => event.preventDefault()}>
              Cadastro
            </a>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login">
          <form method="post" onSubmit={login.onSubmit} className="space-y-4">
            <input type="hidden" name="intent" value="login" />
            {(login.error ?? (posted?.intent === "login" && posted.error)) ? (
              <Alert tone="destructive">{login.error ?? posted?.error}</Alert>
            ) : null}
            <Field label="E-mail" name="email" type="email" autoComplete="email" required />
            <PasswordField label="Senha" name="password" autoComplete="current-password" required {...togglePassword} />
            <SubmitButton isPending={login.isPending}>Entrar</SubmitButton>
            <p className="text-center text-sm">
              <Link to="/auth/esqueci-senha" className="text-brand-700 underline hover:text-brand-800">
                Esqueci minha senha
              </Link>
            </p>
          </form>
        </Tabs.Content>
        <Tabs.Content value="cadastro">
          <form method="post" onSubmit={signup.onSubmit} className="space-y-4">
            <input type="hidden" name="intent" value="cadastro" />
            {(signup.error ?? (posted?.intent === "cadastro" && posted.error)) ? (
              <Alert tone="destructive">{signup.error ?? posted?.error}</Alert>
            ) : null}
            <Field label="Nome completo" name="fullName" autoComplete="name" required maxLength={120} />
            <Field label="E-mail" name="email" type="email" autoComplete="email" required />
            <PasswordField
              label="Senha"
              name="password"
              autoComplete="new-password"
              required
              hint="Pelo menos 12 caracteres, com maiúsculas, minúsculas, números e um destes: ! @ # $ % ^ & *"
              {...togglePassword}
            />
            <SubmitButton isPending={signup.isPending}>Criar conta</SubmitButton>
          </form>
        </Tabs.Content>
      </Tabs.Root>
    </AuthCard>
  );
}
