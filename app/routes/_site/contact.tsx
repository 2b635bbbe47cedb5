import { Form, useNavigation } from "react-router";
import { PageIntro } from "~/components/layout/page-intro";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { staticSection } from "~/components/ui/static-section";
import { TextareaField } from "~/components/ui/textarea-field";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, parseInput } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { createContactMessage } from "~/modules/contact/mutations.server";
import { isContactSubmissionLimited } from "~/modules/contact/submission-limit.server";
import { HONEYPOT_FIELD } from "~/modules/contact/honeypot";
import { ContactMessageSchema, type ContactField } from "~/modules/contact/validation";
import { shopToday } from "~/lib/dates";
import { ConversionReport } from "~/components/layout/traffic-beacon";
import { describeClosure, describeWeeklyHours } from "~/modules/shop-settings/opening-hours";
import { upcomingClosures } from "~/modules/shop-settings/upcoming-closures";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/contact";

/** The flash subject of a message just sent: the form gives way to the confirmation. */
const SENT_SUBJECT = "contact-message";

// Only the form reacts: the details beside it keep the server's HTML and load none of their code (static-section.tsx).
const StaticContactDetails = staticSection(() =>
  import("~/modules/contact/components/contact-details-section").then((module) => module.ContactDetailsSection),
);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    title: `Contato — ${loaderData.shop.name}`,
    description: `Fale com a ${loaderData.shop.name}: endereço, horários, WhatsApp, e-mail e um formulário de mensagem. Respondemos em até 24h.`,
    path: "/contato",
    origin: siteOrigin(matches),
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const shop = await getShopSettings();
  const fullAddress = `${shop.address}, ${shop.city} – ${shop.state}, ${shop.cep}`;
  return {
    isSent: flashOf(context)?.subject === SENT_SUBJECT,
    shop: {
      name: shop.name,
      fullAddress,
      mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(fullAddress)}`,
      email: shop.email,
      whatsapp: shop.whatsapp,
      // The holidays ahead read as part of the hours, as in the footer.
      hours: [...describeWeeklyHours(shop.weeklyHours), ...upcomingClosures(shop.closures, shopToday()).map(describeClosure)],
    },
  };
}

type FormValues = Partial<Record<ContactField, string>>;

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ values: {} as FormValues });
  const values: FormValues = {};
  for (const field of ["name", "email", "phone", "subject", "message"] as const) values[field] = formText(form, field);
  try {
    const message = parseInput(ContactMessageSchema, values);
    if (await isContactSubmissionLimited(request)) {
      return formProblem(
        { values },
        "Você enviou várias mensagens em pouco tempo. Aguarde alguns minutos e tente de novo, ou fale conosco pelo WhatsApp.",
        429,
      );
    }
    if (formText(form, HONEYPOT_FIELD).trim() !== "") {
      // A bot filled the hidden field: it sees the same confirmation, and nothing is stored or sent.
      logger.info("mensagem de contato descartada (campo-armadilha preenchido)");
    } else {
      await createContactMessage(message);
    }
    // Post/redirect/get: reloading the confirmation does not send the message again.
    return redirectWithFlash("/contato", { message: "Mensagem enviada!", subject: SENT_SUBJECT });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, isSent } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const errors: FieldErrors = actionData?.errors ?? {};
  const values: FormValues = actionData?.values ?? {};

  return (
    <main id="conteudo">
      <PageIntro title="Contato">
        <p>Tire dúvidas, peça um orçamento ou venha nos visitar. Respondemos as mensagens em até 24h.</p>
      </PageIntro>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_1.4fr]">
        <StaticContactDetails shop={shop} />

        <section aria-labelledby="mande-mensagem" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="mande-mensagem" className="mb-4 text-2xl font-bold text-slate-900">
            Mande uma mensagem
          </h2>
          {isSent ? (
            <div className="space-y-4">
              <ConversionReport kind="contato" />
              <Alert tone="success" title="Mensagem enviada!">
                Recebemos sua mensagem e vamos responder no e-mail informado em até 24h.
              </Alert>
              <a href="/contato" className="inline-block font-medium text-brand-700 underline underline-offset-2">
                Enviar outra mensagem
              </a>
            </div>
          ) : (
            <Form method="post" noValidate className="space-y-4">
              {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
              <p className="text-sm text-slate-600">Todos os campos são obrigatórios, menos o telefone.</p>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label="Nome"
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={120}
                  defaultValue={values.name}
                  error={errors.name}
                />
                <Field
                  label="E-mail"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  defaultValue={values.email}
                  error={errors.email}
                />
              </div>
              <Field
                label="Telefone (opcional)"
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                maxLength={30}
                defaultValue={values.phone}
                error={errors.phone}
              />
              <Field
                label="Assunto"
                name="subject"
                required
                maxLength={150}
                defaultValue={values.subject}
                error={errors.subject}
              />
              <TextareaField
                label="Mensagem"
                name="message"
                required
                maxLength={5000}
                defaultValue={values.message}
                error={errors.message}
              />
              {/* Honeypot: hidden from people and screen readers; a bot that fills it is ignored. */}
              <div className="hidden">
                <label htmlFor="contato-site">Deixe este campo vazio</label>
                <input id="contato-site" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
              </div>
              <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="w-full sm:w-auto">
                {isSubmitting ? <Spinner /> : null}
                Enviar mensagem
              </Button>
            </Form>
          )}
        </section>
      </div>
    </main>
  );
}
