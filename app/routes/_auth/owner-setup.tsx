import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { InputError, type FieldErrors } from "~/lib/errors";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { formText, parseInput } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { AuthCard } from "~/modules/accounts/components/auth-card";
import { PasswordField } from "~/modules/accounts/components/password-field";
import { SubmitButton } from "~/modules/accounts/components/submit-button";
import { isOwnerSetupTokenValid } from "~/modules/accounts/owner-setup.server";
import { SettingsSection, ShopIdentityFields } from "~/modules/shop-settings/components/shop-identity-fields";
import { DEFAULT_WEEKLY_HOURS } from "~/modules/shop-settings/opening-hours";
import { OWNER_SETUP_SHOP_PREFIX, ownerSetupFormInput } from "~/modules/shop-settings/owner-setup-form";
import { completeOwnerSetup, OwnerSetupSchema } from "~/modules/shop-settings/owner-setup.server";
import { shopIdentityFormValues, typedFormValues, type ShopSettingsFormValues } from "~/modules/shop-settings/validation";
import type { Route } from "./+types/owner-setup";

export function meta() {
  return [{ title: "Configurar a loja — Balcão" }, { name: "robots", content: "noindex" }];
}

/** The shop's fields start empty (the real details are asked, not the demo's), the week with the usual hours. */
const BLANK_SHOP = shopIdentityFormValues(
  {
    name: "",
    legalName: "",
    cnpj: "",
    address: "",
    city: "",
    state: "",
    cep: "",
    whatsapp: "",
    email: "",
    weeklyHours: DEFAULT_WEEKLY_HOURS,
  },
  OWNER_SETUP_SHOP_PREFIX,
);

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token, isValid: await isOwnerSetupTokenValid(token) };
}

/** What a refused form shows again: everything typed but the password. */
function typedValues(form: FormData): ShopSettingsFormValues {
  const { password: _password, token: _token, ...values } = typedFormValues(form);
  return values;
}

export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (a script's JSON, a broken multipart) is bad input, not a server error.
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ values: {} as ShopSettingsFormValues });
  const values = typedValues(form);
  if (formText(form, "token") === "") return formProblem({ values }, "Link de configuração ausente.");
  let sessionCookie: string | null;
  try {
    sessionCookie = await completeOwnerSetup(parseInput(OwnerSetupSchema, ownerSetupFormInput(form)), request.headers);
  } catch (error) {
    if (error instanceof InputError) return formRefusal(error, { values });
    logger.error({ err: error }, "falha ao criar o proprietário");
    return formProblem({ values }, "Não foi possível criar a conta. Tente novamente.", 500);
  }
  if (!sessionCookie)
    return redirectWithFlash("/auth", {
      title: "Loja configurada",
      message: "A conta do proprietário foi criada. Entre com o e-mail e a senha que você escolheu.",
    });
  return redirect("/dashboard", { headers: { "Set-Cookie": sessionCookie } });
}

export default function OwnerSetup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const errors: FieldErrors = actionData?.errors ?? {};
  const values: ShopSettingsFormValues = actionData?.values ?? BLANK_SHOP;

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

  const hasFieldErrors = Object.keys(errors).some((key) => key !== "form");
  return (
    <AuthCard
      isWide
      title="Configurar a loja"
      description="Crie a conta do proprietário e informe os dados reais da loja. Este link funciona uma única vez."
    >
      <Form method="post" className="space-y-6" noValidate>
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        {hasFieldErrors ? (
          <Alert tone="destructive" title="Nada foi salvo">
            Corrija os campos marcados abaixo e envie de novo.
          </Alert>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <SettingsSection title="Conta do proprietário">
          <Field
            label="Nome completo"
            name="fullName"
            autoComplete="name"
            required
            maxLength={120}
            defaultValue={values.fullName ?? ""}
            error={errors.fullName}
          />
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={values.email ?? ""}
            error={errors.email}
          />
          <PasswordField
            label="Senha"
            name="password"
            autoComplete="new-password"
            required
            error={errors.password}
            isVisible={isPasswordVisible}
            onToggleVisibility={() => setPasswordVisible((shown) => !shown)}
          />
        </SettingsSection>
        <ShopIdentityFields prefix={OWNER_SETUP_SHOP_PREFIX} values={values} errors={errors} />
        <SubmitButton isPending={navigation.state === "submitting"}>Criar conta do proprietário</SubmitButton>
      </Form>
    </AuthCard>
  );
}
