import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatDate, shopToday } from "~/lib/dates";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { basisPointsToPercentText, formatCents } from "~/lib/money";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { getLoyaltyProgramme, saveLoyaltyRules } from "~/modules/loyalty/programme-settings.server";
import {
  LEVEL_COUNT,
  LOYALTY_LIMITS,
  loyaltyRulesFormToInput,
  loyaltyRulesFormValues,
  type LoyaltyRulesFormValues,
} from "~/modules/loyalty/programme-validation";
import type { Route } from "./+types/loyalty-programme";

const PATH = "/fidelidade/programa";

export function meta() {
  return [{ title: "Programa de fidelidade — Balcão" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const today = shopToday();
  const programme = await getLoyaltyProgramme(today);
  return {
    today,
    values: loyaltyRulesFormValues(programme.inForce, today),
    inForce: programme.inForce,
    history: programme.history.map((version) => ({
      id: version.id,
      effectiveFrom: version.rules.effectiveFrom,
      enabled: version.rules.enabled,
      createdByLabel: version.createdByLabel,
      createdAt: version.createdAt.toISOString(),
      isScheduled: version.rules.effectiveFrom > today,
    })),
    flash: flashOf(context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  // A body that is not a form (a script's JSON, plain text) is bad input, not a server error.
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ values: undefined });
  const values = loyaltyRulesFormToInput(form);
  try {
    const saved = await saveLoyaltyRules(actor, values);
    return redirectWithFlash(PATH, {
      title: "Regras salvas",
      message:
        saved.effectiveFrom === shopToday()
          ? "As novas regras já valem a partir de hoje. Os pontos já ganhos não mudam."
          : `As novas regras valem a partir de ${formatDate(saved.effectiveFrom)}. Os pontos já ganhos não mudam.`,
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function LoyaltyProgramme({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const refused = actionData && "errors" in actionData ? actionData : null;
  const values: LoyaltyRulesFormValues = (refused?.values as LoyaltyRulesFormValues | undefined) ?? loaderData.values;
  const errors: Record<string, string> = refused?.errors ?? {};
  const { inForce } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="mb-2 text-2xl font-bold text-slate-900">Programa de fidelidade</h1>
        <p className="text-slate-700">
          As regras mudam só daqui para a frente: cada mudança vale a partir da data escolhida (hoje ou depois) e nunca altera os
          pontos já ganhos. As regras em vigor aparecem na{" "}
          <Link to="/programa-de-fidelidade" className="font-medium text-brand-700 underline underline-offset-2">
            página pública do programa
          </Link>
          .
        </p>
      </div>
      <FlashAlert flash={refused ? null : loaderData.flash} />
      {errors.form ? <p className="text-sm text-red-700">{errors.form}</p> : null}
      <p className="text-slate-800" data-testid="rules-in-force">
        Em vigor hoje: programa {inForce.enabled ? "ligado" : "desligado"}
        {inForce.effectiveFrom ? ` desde ${formatDate(inForce.effectiveFrom)}` : " (regras iniciais)"};{" "}
        {inForce.pointsPerSpendStep} pontos a cada {formatCents(inForce.spendStepCents)};{" "}
        {inForce.levels.map((level) => `${level.name} ${basisPointsToPercentText(level.discountBasisPoints)}%`).join(", ")}.
      </p>
      <Form method="post" noValidate className="space-y-6 rounded-lg border border-slate-200 bg-white p-4">
        <label className="flex items-start gap-3 text-slate-900">
          <input type="checkbox" name="enabled" defaultChecked={values.enabled} className="mt-1 size-5 accent-brand-700" />
          <span>
            Programa ligado
            <span className="block text-sm text-slate-600">
              Desligado, o bloco da página inicial some e os descontos de nível deixam de ser oferecidos.
            </span>
          </span>
        </label>
        <Field
          label="Valem a partir de"
          name="effectiveFrom"
          type="date"
          min={loaderData.today}
          required
          defaultValue={values.effectiveFrom}
          error={errors.effectiveFrom}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Pontos por faixa de gasto"
            name="pointsPerSpendStep"
            inputMode="numeric"
            defaultValue={values.pointsPerSpendStep}
            error={errors.pointsPerSpendStep}
          />
          <Field
            label="Valor de cada faixa de gasto (R$)"
            name="spendStep"
            inputMode="decimal"
            defaultValue={values.spendStep}
            error={errors.spendStep}
          />
          <Field
            label="Pontos por indicação"
            name="referralPoints"
            inputMode="numeric"
            defaultValue={values.referralPoints}
            error={errors.referralPoints}
          />
          <Field
            label="Pontos do bônus do ciclo"
            name="cycleBonusPoints"
            inputMode="numeric"
            defaultValue={values.cycleBonusPoints}
            error={errors.cycleBonusPoints}
          />
          <Field
            label="Consertos no ciclo para o bônus"
            name="cycleBonusMinRepairs"
            inputMode="numeric"
            defaultValue={values.cycleBonusMinRepairs}
            error={errors.cycleBonusMinRepairs}
          />
          <Field
            label="Validade dos pontos (anos)"
            name="validityYears"
            inputMode="numeric"
            max={LOYALTY_LIMITS.years}
            defaultValue={values.validityYears}
            error={errors.validityYears}
          />
          <Field
            label="Dia em que o ciclo começa"
            name="cycleStartDay"
            inputMode="numeric"
            defaultValue={values.cycleStartDay}
            error={errors.cycleStartDay}
          />
          <Field
            label="Mês em que o ciclo começa (1 a 12)"
            name="cycleStartMonth"
            inputMode="numeric"
            defaultValue={values.cycleStartMonth}
            error={errors.cycleStartMonth}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="font-semibold text-slate-900">Níveis (pelos pontos válidos) e desconto em serviços completos</legend>
          {Array.from({ length: LEVEL_COUNT }, (_, index) => (
            <div key={index} className="grid gap-3 sm:grid-cols-3">
              <Field
                label={`Nível ${index + 1}: nome`}
                name={`levels.${index}.name`}
                maxLength={LOYALTY_LIMITS.levelName}
                defaultValue={values.levels[index]?.name}
                error={errors[`levels.${index}.name`]}
              />
              <Field
                label="A partir de (pontos)"
                name={`levels.${index}.minPoints`}
                inputMode="numeric"
                defaultValue={values.levels[index]?.minPoints}
                error={errors[`levels.${index}.minPoints`]}
              />
              <Field
                label="Desconto (%)"
                name={`levels.${index}.discountPercent`}
                inputMode="decimal"
                defaultValue={values.levels[index]?.discountPercent}
                error={errors[`levels.${index}.discountPercent`]}
              />
            </div>
          ))}
        </fieldset>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          Salvar nova versão das regras
        </Button>
      </Form>
      {loaderData.history.length > 0 ? (
        <section aria-labelledby="historico-regras" className="space-y-2">
          <h2 id="historico-regras" className="text-lg font-semibold text-slate-900">
            Versões das regras
          </h2>
          <ul className="space-y-1 text-sm text-slate-800">
            {loaderData.history.map((version) => (
              <li key={version.id}>
                A partir de {formatDate(version.effectiveFrom)}: programa {version.enabled ? "ligado" : "desligado"}
                {version.isScheduled ? " (agendada)" : ""} — salva por {version.createdByLabel}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
