import { useId } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import type { FieldErrors } from "~/lib/errors";
import { formatDateTime } from "~/lib/dates";
import { formatPhone } from "~/lib/phone";
import type { AccountProfile } from "../account-profile.server";
import type { AccountProfileFormValues } from "../account-profile-validation";
import { CUSTOMER_LIMITS } from "../validation";

const FIELD_LABELS = { name: "nome", phone: "telefone" } as const;

/**
 * "Meu perfil": name, phone and the marketing choice, as a plain form
 * (works without JavaScript). The shop's records linked to the account take
 * a new name or phone when the staff apply it; the marketing choice at once.
 */
export function AccountProfileForm({
  profile,
  values,
  errors,
  isSubmitting,
}: {
  profile: AccountProfile;
  values: AccountProfileFormValues | null;
  errors: FieldErrors;
  isSubmitting: boolean;
}) {
  const consentId = useId();
  const consentHint = profile.marketingConsentAt
    ? `${profile.marketingConsent ? "Autorizado" : "Recusado"} em ${formatDateTime(profile.marketingConsentAt)}.`
    : "A data da sua escolha é registrada ao salvar.";
  return (
    <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" noValidate>
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      <Field
        label="Nome"
        name="fullName"
        autoComplete="name"
        maxLength={CUSTOMER_LIMITS.name}
        defaultValue={values?.fullName ?? profile.fullName}
        error={errors.fullName}
      />
      <Field
        label="Telefone (WhatsApp)"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={CUSTOMER_LIMITS.phone}
        defaultValue={values?.phone ?? (profile.phone ? formatPhone(profile.phone) : "")}
        error={errors.phone}
        hint="Com DDD, como (11) 98765-4321."
      />
      <p className="text-sm text-slate-700">
        E-mail da conta: <strong className="break-words">{profile.email}</strong>
      </p>
      <div className="space-y-1.5">
        <div className="flex items-start gap-3">
          <input
            id={consentId}
            type="checkbox"
            name="marketingConsent"
            defaultChecked={values ? values.marketingConsent === "on" : profile.marketingConsent}
            aria-describedby={errors.marketingConsent ? `${consentId}-error` : `${consentId}-hint`}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <label htmlFor={consentId} className="text-slate-800">
            Aceito receber promoções e novidades da loja por WhatsApp e e-mail
          </label>
        </div>
        <FieldMessage id={consentId} error={errors.marketingConsent} hint={consentHint} />
      </div>
      {profile.pendingChanges.length > 0 ? (
        <Alert tone="info" title="Aguardando a loja">
          <ul className="list-disc pl-5">
            {profile.pendingChanges.map((change) => (
              <li key={change.field}>
                Novo {FIELD_LABELS[change.field]}: {change.field === "phone" ? formatPhone(change.value) : change.value} (pedido
                em {formatDateTime(change.requestedAt)})
              </li>
            ))}
          </ul>
          <p className="mt-1">Até a loja confirmar, o cadastro da loja (e a consulta do conserto) usa o dado anterior.</p>
        </Alert>
      ) : null}
      {profile.hasLinkedRecords ? (
        <p className="text-sm text-slate-700">
          Um novo nome ou telefone vale na sua conta na hora; no cadastro da loja, depois que a equipe confirmar. A sua escolha
          sobre promoções vale na hora.
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <Spinner /> : null}
        Salvar perfil
      </Button>
    </Form>
  );
}
