import { ArrowLeft } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { isStaffRole } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { getAccountProfile, updateAccountProfile } from "~/modules/customers/account-profile.server";
import type { AccountProfileFormValues } from "~/modules/customers/account-profile-validation";
import { AccountProfileForm } from "~/modules/customers/components/account-profile-form";
import type { Route } from "./+types/profile";

const PROFILE_PATH = "/minha-conta/perfil";

export const meta = () => [{ title: "Meu perfil — Balcão" }, { name: "robots", content: "noindex" }];

/** A customer's own profile; a staff account's is kept by the owner on /equipe. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (isStaffRole(user.role)) return { view: "staff" as const, profile: null };
  const profile = await getAccountProfile(user.id);
  if (!profile) throw data({ reason: "not-found" }, { status: 404 });
  return { view: "customer" as const, profile };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = currentUser(context);
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ values: {} as AccountProfileFormValues });
  const values: AccountProfileFormValues = {
    fullName: formText(form, "fullName"),
    phone: formText(form, "phone"),
    marketingConsent: formText(form, "marketingConsent"),
  };
  if (isStaffRole(user.role)) return formProblem({ values }, "O perfil da equipe é mantido pelo proprietário em Equipe.", 403);
  try {
    const { changed, requested } = await updateAccountProfile(actorOf(user), values);
    return redirectWithFlash(PROFILE_PATH, {
      title: changed.length === 0 ? "Nada mudou" : "Perfil salvo",
      message:
        requested > 0
          ? "A loja vai confirmar o novo nome ou telefone no seu cadastro."
          : changed.length === 0
            ? "Seu perfil já estava assim."
            : "Suas alterações já valem.",
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link to="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline">
          <ArrowLeft aria-hidden className="size-4" />
          Minha conta
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Meu perfil</h1>
      </div>
      {loaderData.profile ? (
        <AccountProfileForm
          profile={loaderData.profile}
          values={actionData?.values ?? null}
          errors={actionData?.errors ?? {}}
          isSubmitting={isSubmitting}
        />
      ) : (
        <p className="text-slate-700">O perfil de quem é da equipe é mantido pelo proprietário em Equipe.</p>
      )}
    </div>
  );
}
