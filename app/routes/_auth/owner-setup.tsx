import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { InputError, type FieldErrors } from "~/lib/errors";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, parseInput } from "~/lib/forms";
import { getAuth } from "~/modules/accounts/auth.server";
import { logger } from "~/lib/logger.server";
import { AuthCard } from "~/modules/accounts/components/auth-card";
import { PasswordField } from "~/modules/accounts/components/password-field";
import { SubmitButton } from "~/modules/accounts/components/submit-button";
import {
  createOwner,
  isOwnerSetupTokenValid,
  OwnerSetupSchema,
  type OwnerSetupInput,
} from "~/modules/accounts/owner-setup.server";
import type { Route } from "./+types/owner-setup";

export function meta() {
  return [{ title: "Configurar a loja — Balcão" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token, isValid: await isOwnerSetupTokenValid(token) };
}

export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (a script's JSON, a broken multipart) is bad input, not a server error.
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({});
  if (formText(form, "token") === "") return formProblem({}, "Link de configuração ausente.");
  let input: OwnerSetupInput;
  try {
    input = parseInput(OwnerSetupSchema, Object.fromEntries(form));
    await createOwner(input);
  } catch (error) {
    if (error instanceof InputError) return formRefusal(error, {});
    logger.error({ err: error }, "falha ao criar o proprietário");
    return formProblem({}, "Não foi possível criar a conta. Tente novamente.", 500);
  }
  const auth = await getAuth();
  const { headers } = await auth.api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: request.headers,
    returnHeaders: true,
  });
  return redirect("/dashboard", { headers: { "Set-Cookie": headers.get("set-cookie") ?? "" } });
}

export default function OwnerSetup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const errors: FieldErrors = actionData?.errors ?? {};

  if (!loaderData.isValid) {
    return (
      <AuthCard title="Link inválido">
        <Alert tone="destructive">
          Este link de configuração é inválido, já foi usado ou a loja já tem um proprietário. Reinicie o servidor para gerar um
          novo link enquanto não houver proprietário.
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Configurar a loja" description="Crie a conta do proprietário. Este link funciona uma única vez.">
      <Form method="post" className="space-y-4">
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <Field label="Nome completo" name="fullName" autoComplete="name" required maxLength={120} error={errors.fullName} />
        <Field label="E-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
        <PasswordField
          label="Senha"
          name="password"
          autoComplete="new-password"
          required
          error={errors.password}
          isVisible={isPasswordVisible}
          onToggleVisibility={() => setPasswordVisible((shown) => !shown)}
        />
        <SubmitButton isPending={navigation.state === "submitting"}>Criar conta do proprietário</SubmitButton>
      </Form>
    </AuthCard>
  );
}
