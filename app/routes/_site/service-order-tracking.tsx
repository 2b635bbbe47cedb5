import { CheckCircle2, Clock, MessageCircle, Search, XCircle } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageIntro } from "~/components/layout/page-intro";
import { ConversionReport } from "~/components/layout/traffic-beacon";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { formatDate, formatDateTime } from "~/lib/dates";
import { cx } from "~/lib/class-names";
import { formatCents } from "~/lib/money";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { whatsappLink } from "~/lib/whatsapp";
import {
  decideQuoteFromTracking,
  findOrderForCustomer,
  hasTrackingLookupInput,
  isTrackingLookupLimited,
  parseTrackingLookup,
  TRACKING_LIMIT_MESSAGE,
  TRACKING_NOT_FOUND_MESSAGE,
} from "~/modules/service-orders/public-tracking.server";
import type {
  PublicServiceOrder,
  QuoteDecision,
  TrackingLookupErrors,
  TrackingLookupInput,
} from "~/modules/service-orders/public-tracking.server";
import { STATUS_DESCRIPTIONS, STATUS_LABELS } from "~/modules/service-orders/status";
import { deviceName } from "~/modules/service-orders/device-name";
import { describedWithOrigin, needsPartsConsent, partOriginLabel } from "~/modules/service-orders/part-origin";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/service-order-tracking";

/** Public URL parameters: `?codigo=` is what the receipt's QR opens. */
const PARAMS = { code: "codigo", orderNumber: "numero", phoneLast4: "telefone" } as const;

type LookupValues = { code: string; orderNumber: string; phoneLast4: string };

type LookupOutcome =
  | { kind: "idle" }
  | { kind: "invalid"; errors: TrackingLookupErrors }
  | { kind: "limited"; message: string }
  | { kind: "not-found"; message: string }
  | { kind: "found"; order: PublicServiceOrder };

type DecisionOutcome =
  | { kind: "confirm"; decision: QuoteDecision }
  | { kind: "decided"; decision: QuoteDecision }
  | { kind: "not-awaiting" }
  | { kind: "consent-needed" }
  | { kind: "not-found"; message: string }
  | { kind: "limited"; message: string };

function readValues(source: { get(name: string): FormDataEntryValue | null }): LookupValues {
  const read = (name: string) => {
    const value = source.get(name);
    return typeof value === "string" ? value.slice(0, 100) : "";
  };
  return { code: read(PARAMS.code), orderNumber: read(PARAMS.orderNumber), phoneLast4: read(PARAMS.phoneLast4) };
}

function lookupInput(values: LookupValues): TrackingLookupInput {
  return { code: values.code, orderNumber: values.orderNumber, phoneLast4: values.phoneLast4 };
}

/** Results are one customer's: never stored by a shared cache nor indexed. */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" };

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const tags = pageMeta({
    title: `Consultar ordem de serviço — ${loaderData?.shopName ?? "Balcão"}`,
    description:
      "Acompanhe o conserto do seu aparelho: informe o código do comprovante, ou o número da OS e os 4 últimos dígitos do telefone, e veja o andamento, o orçamento e a garantia.",
    path: "/consultar",
    origin: siteOrigin(matches),
  });
  if (loaderData && loaderData.outcome.kind !== "idle") tags.push({ name: "robots", content: "noindex" });
  return tags;
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.get("Cache-Control") ? actionHeaders : loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  const shop = await getShopSettings();
  const values = readValues(new URL(request.url).searchParams);
  const base = { shopName: shop.name, shopWhatsapp: shop.whatsapp, values };
  if (!hasTrackingLookupInput(lookupInput(values))) return { ...base, outcome: { kind: "idle" } as LookupOutcome };

  if (await isTrackingLookupLimited(request)) {
    const outcome: LookupOutcome = { kind: "limited", message: TRACKING_LIMIT_MESSAGE };
    return data({ ...base, outcome }, { status: 429, headers: PRIVATE_HEADERS });
  }
  const parsed = parseTrackingLookup(lookupInput(values));
  if (!parsed.ok) {
    return data(
      { ...base, outcome: { kind: "invalid", errors: parsed.errors } as LookupOutcome },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const order = await findOrderForCustomer(parsed.lookup);
  // Wrong code, wrong digits or unknown number: one answer, with nothing saying which part was wrong.
  const outcome: LookupOutcome = order ? { kind: "found", order } : { kind: "not-found", message: TRACKING_NOT_FOUND_MESSAGE };
  return data({ ...base, outcome }, { headers: PRIVATE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const decision = form?.get("decision");
  const parsed = form ? parseTrackingLookup(lookupInput(readValues(form))) : null;
  if (!parsed?.ok || (decision !== "approve" && decision !== "decline") || (intent !== "review" && intent !== "decide")) {
    const refusal: DecisionOutcome = { kind: "not-found", message: TRACKING_NOT_FOUND_MESSAGE };
    return data({ decision: refusal }, { status: 400, headers: PRIVATE_HEADERS });
  }
  // The first button only asks for confirmation: nothing is read or written yet.
  if (intent === "review")
    return data({ decision: { kind: "confirm", decision } as DecisionOutcome }, { headers: PRIVATE_HEADERS });

  if (await isTrackingLookupLimited(request)) {
    const refusal: DecisionOutcome = { kind: "limited", message: TRACKING_LIMIT_MESSAGE };
    return data({ decision: refusal }, { status: 429, headers: PRIVATE_HEADERS });
  }
  const consentKey = form?.get("consentimentoPecas");
  const result = await decideQuoteFromTracking(parsed.lookup, decision, {
    partsConsentKey: typeof consentKey === "string" ? consentKey : null,
  });
  const outcome: DecisionOutcome =
    result.outcome === "decided"
      ? { kind: "decided", decision: result.decision }
      : result.outcome === "not-awaiting"
        ? { kind: "not-awaiting" }
        : result.outcome === "consent-needed"
          ? { kind: "consent-needed" }
          : { kind: "not-found", message: TRACKING_NOT_FOUND_MESSAGE };
  return data({ decision: outcome }, { headers: PRIVATE_HEADERS });
}

export default function ServiceOrderTracking({ loaderData, actionData }: Route.ComponentProps) {
  const { outcome, values, shopWhatsapp, shopName } = loaderData;
  const navigation = useNavigation();
  const isLooking = navigation.state !== "idle" && navigation.formMethod === "GET";
  const errors = outcome.kind === "invalid" ? outcome.errors : {};
  const helpLink = whatsappLink(
    shopWhatsapp,
    outcome.kind === "found"
      ? `Olá! Gostaria de falar sobre a minha ordem de serviço nº ${outcome.order.orderNumber}.`
      : `Olá! Não consegui consultar minha ordem de serviço no site da ${shopName}. Podem me ajudar?`,
  );

  return (
    <main id="conteudo">
      <PageIntro title="Consultar ordem de serviço">
        <p>Acompanhe o conserto do seu aparelho com os dados do comprovante que você recebeu na loja.</p>
      </PageIntro>

      <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
        {outcome.kind === "found" ? <ConversionReport key={outcome.order.orderNumber} kind="consulta_reparo" /> : null}
        {outcome.kind === "limited" ? <Alert tone="destructive">{outcome.message}</Alert> : null}
        {outcome.kind === "not-found" ? (
          <Alert tone="destructive" title="Ordem de serviço não encontrada">
            {outcome.message}{" "}
            <a href={helpLink} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2">
              Falar pelo WhatsApp<span className="sr-only"> (abre em nova aba)</span>
            </a>
          </Alert>
        ) : null}
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}

        {outcome.kind === "found" ? (
          <OrderResult order={outcome.order} values={values} decision={actionData?.decision} helpLink={helpLink} />
        ) : null}

        <section aria-labelledby="como-consultar" className="grid gap-6 md:grid-cols-2">
          <h2 id="como-consultar" className="sr-only">
            {outcome.kind === "found" ? "Consultar outra ordem de serviço" : "Como consultar"}
          </h2>
          <Form method="get" action="/consultar" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">Tenho o código de acompanhamento</h3>
            <Field
              label="Código de acompanhamento"
              name={PARAMS.code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              placeholder="Ex.: K7QX-3MRA"
              hint="Está no comprovante, ao lado do QR code."
              defaultValue={values.code}
              error={errors.code}
            />
            <Button type="submit" disabled={isLooking} aria-busy={isLooking} className="w-full sm:w-auto">
              {isLooking ? <Spinner /> : <Search aria-hidden className="size-4" />}
              Consultar pelo código
            </Button>
          </Form>
          <Form method="get" action="/consultar" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">Não tenho o código</h3>
            <Field
              label="Número da OS"
              name={PARAMS.orderNumber}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              defaultValue={values.code ? "" : values.orderNumber}
              error={errors.orderNumber}
            />
            <Field
              label="4 últimos dígitos do telefone"
              name={PARAMS.phoneLast4}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              hint="Do telefone informado na abertura da OS."
              defaultValue={values.code ? "" : values.phoneLast4}
              error={errors.phoneLast4}
            />
            <Button type="submit" variant="outline" disabled={isLooking} className="w-full sm:w-auto">
              <Search aria-hidden className="size-4" />
              Consultar pelo número
            </Button>
          </Form>
        </section>

        <p className="text-slate-700">
          Perdeu o comprovante?{" "}
          <a
            href={helpLink}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Fale conosco pelo WhatsApp<span className="sr-only"> (abre em nova aba)</span>
          </a>{" "}
          ou veja as{" "}
          <Link to="/perguntas" className="font-medium text-brand-700 underline underline-offset-2">
            perguntas frequentes
          </Link>
          .
        </p>
      </div>
    </main>
  );
}

function OrderResult({
  order,
  values,
  decision,
  helpLink,
}: {
  order: PublicServiceOrder;
  values: LookupValues;
  decision: DecisionOutcome | undefined;
  helpLink: string;
}) {
  const { quote } = order;
  const isDelivered = order.status === "delivered";
  return (
    <section aria-labelledby="resultado" className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="space-y-1">
        <h2 id="resultado" className="text-2xl font-bold text-slate-900">
          OS nº {order.orderNumber}
        </h2>
        <p className="text-lg text-slate-700">
          {deviceName({ deviceType: order.device.type, brand: order.device.brand, model: order.device.model })}
        </p>
        <p className="text-sm text-slate-600">Recebido em {formatDate(order.receivedAt)}</p>
      </div>

      <section aria-labelledby="situacao" className="rounded-lg bg-brand-50 p-4">
        <h3 id="situacao" className="text-sm font-medium text-brand-800">
          Situação atual
        </h3>
        <p className="text-xl font-bold text-slate-900">{STATUS_LABELS[order.status]}</p>
        <p className="text-slate-700">{STATUS_DESCRIPTIONS[order.status]}</p>
        {order.promisedDate && !isDelivered ? (
          <p className="mt-2 text-slate-800">
            Previsão de conclusão: <strong>{formatDate(order.promisedDate)}</strong>
          </p>
        ) : null}
        {order.warranty ? (
          <p className="mt-2 text-slate-800">
            Garantia de {order.warranty.days} dias, válida até <strong>{formatDate(order.warranty.endsOn)}</strong>.
          </p>
        ) : null}
      </section>

      {decision?.kind === "decided" ? (
        <Alert tone="success" title={decision.decision === "approve" ? "Orçamento aprovado!" : "Orçamento recusado"}>
          {decision.decision === "approve"
            ? "Obrigado! Registramos sua aprovação e o reparo será iniciado. Avisaremos quando estiver pronto."
            : "Registramos sua resposta. O aparelho fica disponível para retirada na loja."}
        </Alert>
      ) : null}
      {decision?.kind === "not-awaiting" ? (
        <Alert tone="info">
          Este orçamento já foi respondido ou não está mais aguardando aprovação. Veja a situação atual acima.
        </Alert>
      ) : null}
      {decision?.kind === "consent-needed" ? (
        <Alert tone="destructive" title="O orçamento mudou">
          As peças do orçamento mudaram depois que você abriu esta página. Confira abaixo a origem de cada peça e aprove de novo.
        </Alert>
      ) : null}
      {decision?.kind === "not-found" ? <Alert tone="destructive">{decision.message}</Alert> : null}
      {decision?.kind === "limited" ? <Alert tone="destructive">{decision.message}</Alert> : null}

      {quote.lines.length > 0 ? <QuoteTable quote={quote} /> : null}

      {order.canDecideQuote ? (
        <QuoteDecisionForms
          values={values}
          totalCents={quote.totalCents}
          pending={decision?.kind === "confirm" ? decision.decision : null}
          partsConsentKey={order.partsConsentKey}
          nonOriginalParts={quote.lines.filter((line) => needsPartsConsent(line.partOrigin))}
        />
      ) : null}

      <section aria-labelledby="historico" className="space-y-3">
        <h3 id="historico" className="text-lg font-semibold text-slate-900">
          Histórico
        </h3>
        <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
          {[...order.timeline].reverse().map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="relative">
              <span aria-hidden className="absolute top-1.5 -left-[1.4rem] size-3 rounded-full bg-brand-700" />
              <p className="font-medium text-slate-900">{STATUS_LABELS[entry.status]}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.by === "customer" ? "Você" : "Loja"}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <p className="text-slate-700">
        <MessageCircle aria-hidden className="mr-1 inline size-4 text-brand-700" />
        Dúvidas sobre esta OS?{" "}
        <a
          href={helpLink}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Fale conosco pelo WhatsApp<span className="sr-only"> (abre em nova aba)</span>
        </a>
      </p>
    </section>
  );
}

function QuoteTable({ quote }: { quote: PublicServiceOrder["quote"] }) {
  return (
    <section aria-labelledby="orcamento" className="space-y-3">
      <h3 id="orcamento" className="text-lg font-semibold text-slate-900">
        Orçamento
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Serviço ou peça
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Qtd.
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                Valor
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800">
            {quote.lines.map((line, index) => (
              <tr key={index}>
                <td className="py-2 pr-3">{describedWithOrigin(line.description, line.partOrigin)}</td>
                <td className="px-3 py-2 text-right">{line.quantity}</td>
                <td className="py-2 pl-3 text-right whitespace-nowrap">{formatCents(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 text-slate-800">
            {quote.discountCents > 0 ? (
              <>
                <TotalRow label="Subtotal" value={formatCents(quote.linesTotalCents)} />
                <TotalRow label="Desconto" value={`− ${formatCents(quote.discountCents)}`} />
              </>
            ) : null}
            <TotalRow label="Total" value={formatCents(quote.totalCents)} isStrong />
            {quote.paidCents > 0 ? (
              <>
                <TotalRow label="Pago" value={formatCents(quote.paidCents)} />
                <TotalRow label="A pagar" value={formatCents(quote.balanceCents)} isStrong />
              </>
            ) : null}
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function TotalRow({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <tr>
      <th scope="row" colSpan={2} className={cx("py-1 pr-3 text-right", isStrong ? "font-semibold" : "font-normal")}>
        {label}
      </th>
      <td className={cx("py-1 pl-3 text-right whitespace-nowrap", isStrong && "font-semibold")}>{value}</td>
    </tr>
  );
}

/** The proof of knowledge travels with every decision: the server never acts on a bare order number. */
function ProofFields({ values }: { values: LookupValues }) {
  if (values.code.trim() !== "") return <input type="hidden" name={PARAMS.code} value={values.code} />;
  return (
    <>
      <input type="hidden" name={PARAMS.orderNumber} value={values.orderNumber} />
      <input type="hidden" name={PARAMS.phoneLast4} value={values.phoneLast4} />
    </>
  );
}

function lookupQuery(values: LookupValues) {
  const params = new URLSearchParams();
  if (values.code.trim() !== "") params.set(PARAMS.code, values.code);
  else {
    params.set(PARAMS.orderNumber, values.orderNumber);
    params.set(PARAMS.phoneLast4, values.phoneLast4);
  }
  return `/consultar?${params.toString()}`;
}

/** CDC art. 21: before approving, the customer reads in plain words which parts are not new original. */
function PartsConsentNotice({ parts }: { parts: readonly PublicServiceOrder["quote"]["lines"][number][] }) {
  return (
    <div className="space-y-1 rounded-md bg-white p-3 text-slate-800">
      <p className="font-medium">
        {parts.length === 1
          ? "Este orçamento usa uma peça que não é nova original:"
          : "Este orçamento usa peças que não são novas originais:"}
      </p>
      <ul className="list-disc pl-5">
        {parts.map((part, index) => (
          <li key={index}>
            {part.description}: <strong>{partOriginLabel(part.partOrigin).toLowerCase()}</strong>
          </li>
        ))}
      </ul>
      <p>Ao aprovar, você concorda com o uso dessas peças no reparo.</p>
    </div>
  );
}

function QuoteDecisionForms({
  values,
  totalCents,
  pending,
  partsConsentKey,
  nonOriginalParts,
}: {
  values: LookupValues;
  totalCents: number;
  pending: QuoteDecision | null;
  partsConsentKey: string | null;
  nonOriginalParts: readonly PublicServiceOrder["quote"]["lines"][number][];
}) {
  const navigation = useNavigation();
  const isSending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const formAction = lookupQuery(values);

  if (pending) {
    const isApproval = pending === "approve";
    return (
      <section aria-labelledby="confirmar-decisao" className="space-y-3 rounded-lg border-2 border-brand-700 p-4">
        <h3 id="confirmar-decisao" className="text-lg font-semibold text-slate-900">
          {isApproval ? "Confirmar a aprovação do orçamento?" : "Confirmar a recusa do orçamento?"}
        </h3>
        <p className="text-slate-700">
          {isApproval
            ? `Ao confirmar, você autoriza o reparo pelo valor total de ${formatCents(totalCents)}.`
            : "Ao confirmar, o reparo não será feito e o aparelho ficará disponível para retirada na loja."}
        </p>
        {isApproval && nonOriginalParts.length > 0 ? <PartsConsentNotice parts={nonOriginalParts} /> : null}
        <div className="flex flex-wrap gap-3">
          <Form method="post" action={formAction} preventScrollReset>
            <ProofFields values={values} />
            {isApproval && partsConsentKey ? <input type="hidden" name="consentimentoPecas" value={partsConsentKey} /> : null}
            <input type="hidden" name="decision" value={pending} />
            <Button type="submit" name="intent" value="decide" variant={isApproval ? "primary" : "danger"} disabled={isSending}>
              {isSending ? <Spinner /> : null}
              {isApproval ? "Sim, aprovar orçamento" : "Sim, recusar orçamento"}
            </Button>
          </Form>
          <ButtonLink to={formAction} variant="outline" preventScrollReset>
            Voltar
          </ButtonLink>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="decidir-orcamento" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id="decidir-orcamento" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Clock aria-hidden className="size-5 text-amber-700" />O orçamento aguarda sua resposta
      </h3>
      <p className="text-slate-800">
        Total do orçamento: <strong>{formatCents(totalCents)}</strong>. Você pode responder por aqui; vamos pedir uma confirmação
        antes de registrar.
      </p>
      {nonOriginalParts.length > 0 ? <PartsConsentNotice parts={nonOriginalParts} /> : null}
      <Form method="post" action={formAction} preventScrollReset className="flex flex-wrap gap-3">
        <ProofFields values={values} />
        <input type="hidden" name="intent" value="review" />
        <Button type="submit" name="decision" value="approve" disabled={isSending}>
          <CheckCircle2 aria-hidden className="size-4" />
          Aprovar orçamento
        </Button>
        <Button type="submit" name="decision" value="decline" variant="outline" disabled={isSending}>
          <XCircle aria-hidden className="size-4" />
          Recusar orçamento
        </Button>
      </Form>
    </section>
  );
}
