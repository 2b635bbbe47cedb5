import { MailPlus, Users } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { ReactNode } from "react";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { cx } from "~/lib/class-names";
import { formatDate, formatDateTime } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { FINANCE_GRANT_LABEL, ROLE_LABELS, TEAM_ROLES, type TeamRole } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { inviteTeamMember, resendTeamInvite, revokeTeamInvite } from "~/modules/accounts/staff-invites.server";
import {
  changeTeamMemberRole,
  deactivateTeamMember,
  listTeam,
  reactivateTeamMember,
  setTeamMemberFinanceAccess,
} from "~/modules/accounts/team-members.server";
import { TEAM_LIMITS } from "~/modules/accounts/team-validation";
import type { Route } from "./+types/team";

export const meta = () => staffAreaMeta("team");

const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export async function loader({ context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const team = await listTeam(actor);
  return { ...team, flash: flashOf(context) };
}

const INTENTS = ["invite", "resend", "revoke", "role", "finance", "deactivate", "reactivate"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: string): value is Intent => (INTENTS as readonly string[]).includes(value);

/** What a refused form gets back: which form it was (and for whom), and what was typed in the invitation. */
type Refused = { intent: Intent | null; target: string; values: { email?: string; role?: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  const intent = form ? formText(form, "intent") : "";
  if (!form || !isIntent(intent)) return formProblem<Refused>({ intent: null, target: "", values: {} });
  const target = formText(form, "target");
  const values = { email: formText(form, "email"), role: formText(form, "role") };
  const financeAccess = formText(form, "financeAccess");
  try {
    switch (intent) {
      case "invite": {
        const sent = await inviteTeamMember(actor, values);
        return redirectWithFlash(
          "/equipe",
          sent.emailSent
            ? { message: `Convite enviado para ${sent.email}. O link vale por 7 dias.` }
            : {
                tone: "info",
                message: `Convite criado para ${sent.email}, mas o e-mail não pôde ser enviado agora. Use “Reenviar” para tentar de novo.`,
              },
        );
      }
      case "resend": {
        const sent = await resendTeamInvite(actor, target);
        return redirectWithFlash(
          "/equipe",
          sent.emailSent
            ? { message: `Convite reenviado para ${sent.email}, válido por mais 7 dias. O link anterior deixou de valer.` }
            : { tone: "info", message: `O e-mail para ${sent.email} não pôde ser enviado agora. Tente “Reenviar” de novo.` },
        );
      }
      case "revoke": {
        const revoked = await revokeTeamInvite(actor, target);
        return redirectWithFlash("/equipe", { message: `Convite para ${revoked.email} cancelado: o link não funciona mais.` });
      }
      case "role": {
        const changed = await changeTeamMemberRole(actor, target, { role: values.role });
        return redirectWithFlash("/equipe", { message: `${changed.name} agora tem a função “${changed.roleLabel}”.` });
      }
      case "finance": {
        const changed = await setTeamMemberFinanceAccess(actor, target, financeAccess);
        return redirectWithFlash("/equipe", {
          message: changed.financeAccess
            ? `${changed.name} agora tem acesso ao financeiro (contas, lançamentos, resultado do mês e salários).`
            : `${changed.name} não tem mais acesso ao financeiro.`,
        });
      }
      case "deactivate": {
        const { name } = await deactivateTeamMember(actor, target);
        return redirectWithFlash("/equipe", {
          message: `Conta de ${name} desativada: as sessões abertas terminaram e ela não entra mais até ser reativada.`,
        });
      }
      case "reactivate": {
        const { name } = await reactivateTeamMember(actor, target);
        return redirectWithFlash("/equipe", { message: `Conta de ${name} reativada: ela já pode entrar de novo.` });
      }
    }
  } catch (error) {
    return formRefusal<Refused>(error, { intent, target, values: intent === "invite" ? values : {} });
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

/** The refusal belongs to this form (the invitation, or one row's action). */
function refusalFor(actionData: ActionData, intents: readonly Intent[], target = ""): FieldErrors | null {
  if (!actionData || !actionData.intent || !intents.includes(actionData.intent)) return null;
  return actionData.target === target ? actionData.errors : null;
}

function useIsSubmitting(intent: Intent, target = "") {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (navigation.formData.get("target") ?? "") === target
  );
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invites, flash } = loaderData;
  const unknownIntent = actionData && actionData.intent === null ? actionData.errors.form : null;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Equipe</h1>
        <p className="max-w-3xl text-slate-700">
          Quem trabalha na loja e pode entrar na gestão. Convide por e-mail, mude a função ou desative quem saiu: o nome de quem
          saiu continua nas ordens de serviço e nos registros. O financeiro (contas, lançamentos, resultado do mês e salários) é
          só do proprietário, a menos que você libere uma pessoa da equipe como “{FINANCE_GRANT_LABEL}”.
        </p>
      </div>

      {/* After a refused form (no reload) the message of the previous success no longer holds. */}
      {actionData ? null : <FlashAlert flash={flash} />}
      {unknownIntent ? <Alert tone="destructive">{unknownIntent}</Alert> : null}

      <InviteForm
        actionData={actionData}
        // A new invitation changes the list: the form then starts empty (a refusal keeps what was typed).
        key={invites.map((invite) => invite.inviteId).join(",")}
      />

      <section aria-labelledby="equipe-pessoas" className="space-y-3">
        <h2 id="equipe-pessoas" className="text-lg font-semibold text-slate-900">
          Pessoas da equipe
        </h2>
        {members.length === 0 ? (
          <EmptyState icon={<Users aria-hidden className="size-10" />} title="Ninguém na equipe ainda">
            <p>Convide alguém acima.</p>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {members.map((member) => (
              <li key={member.userId}>
                <MemberRow member={member} actionData={actionData} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="equipe-convites" className="space-y-3">
        <h2 id="equipe-convites" className="text-lg font-semibold text-slate-900">
          Convites pendentes
        </h2>
        {invites.length === 0 ? (
          <p className="text-sm text-slate-700">Nenhum convite aguardando resposta.</p>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {invites.map((invite) => (
              <li key={invite.inviteId}>
                <InviteRow invite={invite} actionData={actionData} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InviteForm({ actionData }: { actionData: ActionData }) {
  const errors = refusalFor(actionData, ["invite"]) ?? {};
  const values = actionData?.intent === "invite" ? actionData.values : {};
  const isSending = useIsSubmitting("invite");
  return (
    <section aria-labelledby="equipe-convidar" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="equipe-convidar" className="text-lg font-semibold text-slate-900">
        Convidar para a equipe
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A pessoa recebe por e-mail um link, válido por 7 dias e de uso único, para criar a conta com nome e senha.
      </p>
      <Form method="post" noValidate className="mt-4 space-y-3">
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        <input type="hidden" name="intent" value="invite" />
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={TEAM_LIMITS.email}
            defaultValue={values.email ?? ""}
            error={errors.email}
          />
          <SelectField
            label="Função"
            name="role"
            options={ROLE_OPTIONS}
            defaultValue={values.role || "staff"}
            error={errors.role}
          />
        </div>
        <Button type="submit" disabled={isSending} aria-busy={isSending}>
          {isSending ? <Spinner /> : <MailPlus aria-hidden className="size-4" />}
          Enviar convite
        </Button>
      </Form>
    </section>
  );
}

function MemberRow({ member, actionData }: { member: LoaderData["members"][number]; actionData: ActionData }) {
  const errors = refusalFor(actionData, ["role", "finance", "deactivate", "reactivate"], member.userId);
  const otherRole: TeamRole = member.role === "owner" ? "staff" : "owner";
  const isChangingRole = useIsSubmitting("role", member.userId);
  const isChangingFinance = useIsSubmitting("finance", member.userId);
  const isReactivating = useIsSubmitting("reactivate", member.userId);
  const isDeactivating = useIsSubmitting("deactivate", member.userId);
  const headingId = `membro-${member.userId}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-0.5">
          <h3 id={headingId} className="font-semibold break-words text-slate-900">
            {member.name}
            {member.isYou ? <span className="font-normal text-slate-600"> (você)</span> : null}
          </h3>
          <p className="text-sm break-all text-slate-700">{member.email}</p>
        </div>
        <div className="flex flex-wrap gap-2 text-sm">
          <span className="rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-800">{member.roleLabel}</span>
          {member.role === "staff" && member.financeAccess ? (
            <span className="rounded-full bg-sky-100 px-3 py-1 font-medium text-sky-900">{FINANCE_GRANT_LABEL}</span>
          ) : null}
          <span
            className={cx(
              "rounded-full px-3 py-1 font-medium",
              member.isActive ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900",
            )}
          >
            {member.isActive || !member.deactivatedAt ? "Ativa" : `Desativada em ${formatDate(member.deactivatedAt)}`}
          </span>
        </div>
      </div>

      {errors?.form ? <Alert tone="destructive">{errors.form}</Alert> : null}

      {member.isYou ? (
        <p className="text-sm text-slate-600">Para mudar a sua própria função ou sair da equipe, peça a outro proprietário.</p>
      ) : (
        <div className="flex flex-wrap items-start gap-2">
          {member.isActive && otherRole === "owner" ? (
            // Full control of the shop (finance, team, settings) in one click was too easy to give by mistake.
            <ConfirmDisclosure
              label="Tornar proprietário…"
              memberName={member.name}
              explanation={`${member.name} passa a ter controle total da loja: financeiro, equipe (inclusive tirar você dela), configurações e auditoria. Só dê essa função a quem responde pela loja.`}
            >
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="target" value={member.userId} />
              <input type="hidden" name="role" value={otherRole} />
              <Button type="submit" variant="danger" size="sm" disabled={isChangingRole} aria-busy={isChangingRole}>
                {isChangingRole ? <Spinner /> : null}
                Confirmar: tornar proprietário<span className="sr-only"> {member.name}</span>
              </Button>
            </ConfirmDisclosure>
          ) : member.isActive ? (
            <Form method="post">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="target" value={member.userId} />
              <input type="hidden" name="role" value={otherRole} />
              <Button type="submit" variant="outline" size="sm" disabled={isChangingRole} aria-busy={isChangingRole}>
                {isChangingRole ? <Spinner /> : null}
                Passar para equipe
                <span className="sr-only"> — {member.name}</span>
              </Button>
            </Form>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="reactivate" />
              <input type="hidden" name="target" value={member.userId} />
              <Button type="submit" variant="outline" size="sm" disabled={isReactivating} aria-busy={isReactivating}>
                {isReactivating ? <Spinner /> : null}
                Reativar<span className="sr-only"> {member.name}</span>
              </Button>
            </Form>
          )}
          {member.isActive && member.role === "staff" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="finance" />
              <input type="hidden" name="target" value={member.userId} />
              <input type="hidden" name="financeAccess" value={member.financeAccess ? "off" : "on"} />
              <Button type="submit" variant="outline" size="sm" disabled={isChangingFinance} aria-busy={isChangingFinance}>
                {isChangingFinance ? <Spinner /> : null}
                {member.financeAccess ? "Retirar acesso ao financeiro" : "Liberar financeiro"}
                <span className="sr-only"> — {member.name}</span>
              </Button>
            </Form>
          ) : null}
          {member.isActive ? (
            <ConfirmDisclosure
              label="Desativar…"
              memberName={member.name}
              explanation={`${member.name} não poderá mais entrar, e as sessões abertas terminam agora. O nome continua nas ordens de serviço e nos registros. Você pode reativar a conta depois.`}
            >
              <input type="hidden" name="intent" value="deactivate" />
              <input type="hidden" name="target" value={member.userId} />
              <Button type="submit" variant="danger" size="sm" disabled={isDeactivating} aria-busy={isDeactivating}>
                {isDeactivating ? <Spinner /> : null}
                Confirmar desativação<span className="sr-only"> de {member.name}</span>
              </Button>
            </ConfirmDisclosure>
          ) : null}
        </div>
      )}
    </article>
  );
}

/** A grave change asked twice: a native disclosure, so it works with or without the page's scripts. */
function ConfirmDisclosure({
  label,
  memberName,
  explanation,
  children,
}: {
  label: string;
  memberName: string;
  explanation: string;
  children: ReactNode;
}) {
  return (
    <details className="group">
      <summary className="inline-flex h-9 cursor-pointer list-none items-center rounded-md border border-red-300 bg-white px-3 text-sm font-medium text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        {label}
        <span className="sr-only"> {memberName}</span>
      </summary>
      <div className="mt-2 max-w-md space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p>{explanation}</p>
        <Form method="post">{children}</Form>
      </div>
    </details>
  );
}

function InviteRow({ invite, actionData }: { invite: LoaderData["invites"][number]; actionData: ActionData }) {
  const target = String(invite.inviteId);
  const errors = refusalFor(actionData, ["resend", "revoke"], target);
  const isResending = useIsSubmitting("resend", target);
  const isRevoking = useIsSubmitting("revoke", target);
  return (
    <article aria-label={`Convite para ${invite.email}`} className="space-y-3 px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-0.5">
          <p className="font-semibold break-all text-slate-900">{invite.email}</p>
          <p className="text-sm text-slate-700">
            {invite.roleLabel} · enviado em {formatDateTime(invite.createdAt)} por {invite.invitedByLabel}
          </p>
        </div>
        <span
          className={cx(
            "rounded-full px-3 py-1 text-sm font-medium",
            invite.isExpired ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800",
          )}
        >
          {invite.isExpired ? `Expirou em ${formatDateTime(invite.expiresAt)}` : `Vale até ${formatDateTime(invite.expiresAt)}`}
        </span>
      </div>
      {errors?.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="target" value={target} />
          <Button type="submit" variant="outline" size="sm" disabled={isResending} aria-busy={isResending}>
            {isResending ? <Spinner /> : null}
            Reenviar<span className="sr-only"> o convite para {invite.email}</span>
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="target" value={target} />
          <Button type="submit" variant="ghost" size="sm" disabled={isRevoking} aria-busy={isRevoking}>
            {isRevoking ? <Spinner /> : null}
            Cancelar convite<span className="sr-only"> para {invite.email}</span>
          </Button>
        </Form>
      </div>
    </article>
  );
}
