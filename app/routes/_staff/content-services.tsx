import { Trash2 } from "lucide-react";
import { MoveButtons } from "~/components/ui/move-buttons";
import { Form, Link } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { SelectField } from "~/components/ui/select-field";
import { TextareaField } from "~/components/ui/textarea-field";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { ContentTabs } from "~/modules/blog/components/content-tabs";
import { SERVICE_ICONS } from "~/modules/shop-services/icons";
import {
  createShopService,
  deleteShopService,
  moveShopService,
  updateShopService,
} from "~/modules/shop-services/mutations.server";
import { listShopServicesForStaff } from "~/modules/shop-services/queries.server";
import {
  SHOP_SERVICE_LIMITS,
  type ServicePlacement,
  type ShopService,
  type ShopServiceFormValues,
} from "~/modules/shop-services/validation";
import type { Route } from "./+types/content-services";

export const meta = () => staffAreaMeta("blogManagement");

const PATH = "/blog-management/servicos";

/** The address's `editar`: the one card or line whose form the page draws. */
const EDIT_PARAM = "editar";

/**
 * The lists, and the form of the one service `?editar=` names: every card
 * drawn with its form was 200 KB of HTML at the lists' limits (issue 26).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get(EDIT_PARAM) ?? "";
  const editingId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const { home, footer } = await listShopServicesForStaff(actorOf(currentUser(context)));
  // The lists show the title and description; the icon and details only travel for the form that is open.
  return {
    home: home.map(listed),
    footer: footer.map(listed),
    editing: [...home, ...footer].find((service) => service.id === editingId) ?? null,
    flash: flashOf(context),
  };
}

type ListedService = Pick<ShopService, "id" | "title" | "description">;

const listed = ({ id, title, description }: ShopService): ListedService => ({ id, title, description });

const anchorOf = (serviceId: number) => `servico-${serviceId}`;
const editHref = (serviceId: number) => `${PATH}?${EDIT_PARAM}=${serviceId}#${anchorOf(serviceId)}`;

type ActionResult = { intent: string; placement: string; serviceId: string; values: ShopServiceFormValues; errors?: FieldErrors };

const PLACEMENTS: Record<string, ServicePlacement> = { home: "home", footer: "footer" };

const MESSAGES = {
  home: { create: "Serviço adicionado à página inicial.", update: "Serviço salvo.", delete: "Serviço excluído." },
  footer: { create: "Linha adicionada ao rodapé.", update: "Linha do rodapé salva.", delete: "Linha excluída do rodapé." },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "", placement: "", serviceId: "", values: {} });
  const intent = formText(form, "intent");
  const placementText = formText(form, "placement");
  const serviceId = formText(form, "serviceId");
  const values: ShopServiceFormValues = {
    icon: formText(form, "icon"),
    title: formText(form, "title"),
    description: formText(form, "description"),
    details: formText(form, "details"),
  };
  const result = { intent, placement: placementText, serviceId, values };
  const placement = Object.hasOwn(PLACEMENTS, placementText) ? PLACEMENTS[placementText]! : null;
  if (!placement) return formProblem(result);
  try {
    switch (intent) {
      case "create":
        await createShopService(actor, placement, values);
        return redirectWithFlash(PATH, { message: MESSAGES[placement].create });
      case "update":
        await updateShopService(actor, placement, serviceId, values);
        return redirectWithFlash(PATH, { message: MESSAGES[placement].update });
      case "delete":
        await deleteShopService(actor, placement, serviceId);
        return redirectWithFlash(PATH, { message: MESSAGES[placement].delete });
      case "up":
      case "down": {
        const moved = await moveShopService(actor, placement, serviceId, intent);
        return redirectWithFlash(
          PATH,
          moved
            ? { message: intent === "up" ? "Subiu uma posição." : "Desceu uma posição." }
            : { message: "Nada mudou.", tone: "info" },
        );
      }
      default:
        return formProblem(result);
    }
  } catch (error) {
    return formRefusal(error, result);
  }
}

const ICON_OPTIONS = [
  { value: "", label: "Escolha um ícone" },
  ...Object.entries(SERVICE_ICONS).map(([value, { label }]) => ({ value, label })),
];

function ServiceForm({
  placement,
  serviceId,
  values,
  errors,
}: {
  placement: ServicePlacement;
  serviceId?: number;
  values: ShopServiceFormValues;
  errors: FieldErrors;
}) {
  const isHome = placement === "home";
  return (
    <Form method="post" action={PATH} noValidate className="space-y-4">
      <input type="hidden" name="placement" value={placement} />
      {serviceId ? <input type="hidden" name="serviceId" value={serviceId} /> : null}
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      {isHome ? (
        <SelectField label="Ícone" name="icon" options={ICON_OPTIONS} defaultValue={values.icon ?? ""} error={errors.icon} />
      ) : null}
      <Field
        label={isHome ? "Título" : "Texto da linha"}
        name="title"
        required
        maxLength={isHome ? SHOP_SERVICE_LIMITS.title : SHOP_SERVICE_LIMITS.footerTitle}
        defaultValue={values.title ?? ""}
        error={errors.title}
      />
      {isHome ? (
        <>
          <TextareaField
            label="Descrição"
            name="description"
            required
            rows={3}
            className="[&_textarea]:min-h-20"
            maxLength={SHOP_SERVICE_LIMITS.description}
            defaultValue={values.description ?? ""}
            error={errors.description}
          />
          <TextareaField
            label="Detalhes (opcional)"
            name="details"
            rows={3}
            className="[&_textarea]:min-h-20"
            maxLength={SHOP_SERVICE_LIMITS.details}
            defaultValue={values.details ?? ""}
            error={errors.details}
          />
        </>
      ) : null}
      <Button type="submit" name="intent" value={serviceId ? "update" : "create"}>
        {serviceId ? "Salvar" : isHome ? "Adicionar serviço" : "Adicionar linha"}
      </Button>
    </Form>
  );
}

function ServiceList({
  placement,
  services,
  editing,
  result,
}: {
  placement: ServicePlacement;
  services: ListedService[];
  editing: ShopService | null;
  result: ActionResult | undefined;
}) {
  const isFor = (serviceId: number | "") =>
    result !== undefined &&
    result.placement === placement &&
    result.serviceId === String(serviceId) &&
    (result.intent === "update" || result.intent === "create");
  const noun = placement === "home" ? "serviço" : "linha";
  return (
    <>
      {services.length === 0 ? (
        <p className="text-slate-700">
          {placement === "home"
            ? "Nenhum serviço: a página inicial não mostra a seção “Nossos Serviços”."
            : "Nenhuma linha: o rodapé não mostra a coluna “Serviços”."}
        </p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {services.map((service, index) => (
            <li key={service.id} id={anchorOf(service.id)} className="space-y-3 px-4 py-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-48 flex-1 break-words">
                  <p className="font-medium text-slate-900">
                    <span className="mr-2 text-sm font-normal text-slate-500">{index + 1}.</span>
                    {service.title}
                  </p>
                  {service.description ? <p className="text-sm text-slate-700">{service.description}</p> : null}
                </div>
                <Form method="post" action={PATH} className="flex flex-wrap gap-2">
                  <input type="hidden" name="placement" value={placement} />
                  <input type="hidden" name="serviceId" value={service.id} />
                  <MoveButtons label={`“${service.title}”`} isFirst={index === 0} isLast={index === services.length - 1} />
                </Form>
              </div>
              {editing?.id === service.id || isFor(service.id) ? (
                <div className="space-y-4">
                  <ServiceForm
                    placement={placement}
                    serviceId={service.id}
                    values={isFor(service.id) ? result!.values : (editing ?? service)}
                    errors={isFor(service.id) ? (result!.errors ?? {}) : {}}
                  />
                  <Form method="post" action={PATH}>
                    <input type="hidden" name="placement" value={placement} />
                    <input type="hidden" name="serviceId" value={service.id} />
                    <Button type="submit" name="intent" value="delete" variant="danger" size="sm">
                      <Trash2 aria-hidden className="size-4" />
                      Excluir {noun}
                      <span className="sr-only"> “{service.title}”</span>
                    </Button>
                  </Form>
                  <Link to={PATH} preventScrollReset className="inline-block text-sm font-medium text-brand-700 underline">
                    Fechar<span className="sr-only"> a edição de “{service.title}”</span>
                  </Link>
                </div>
              ) : (
                <Link to={editHref(service.id)} className="inline-block text-sm font-medium text-brand-700 underline">
                  Editar<span className="sr-only"> “{service.title}”</span>
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}
      <details open={isFor("") || undefined} className="rounded-lg border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer font-medium text-brand-700">
          {placement === "home" ? "Novo serviço" : "Nova linha do rodapé"}
        </summary>
        <div className="mt-3">
          <ServiceForm
            key={isFor("") ? "sent" : "empty"}
            placement={placement}
            values={isFor("") ? result!.values : {}}
            errors={isFor("") ? (result!.errors ?? {}) : {}}
          />
        </div>
      </details>
    </>
  );
}

export default function ContentServices({ loaderData, actionData }: Route.ComponentProps) {
  const { home, footer, editing, flash } = loaderData;
  const result: ActionResult | undefined = actionData;
  // A refusal of a list button (a move, a delete) has no form to stand next to.
  const isFormIntent = result?.intent === "create" || result?.intent === "update";
  const stateError = result?.errors && !isFormIntent ? Object.values(result.errors)[0] : null;
  return (
    <div className="space-y-6">
      <ContentTabs />
      <h1 className="text-2xl font-bold text-slate-900">Serviços</h1>
      <FlashAlert flash={flash} />
      {stateError ? <Alert tone="destructive">{stateError}</Alert> : null}
      <section aria-labelledby="servicos-inicio" className="space-y-3">
        <h2 id="servicos-inicio" className="text-lg font-semibold text-slate-900">
          Página inicial: “Nossos Serviços”
        </h2>
        <p className="max-w-3xl text-slate-700">
          Os cartões aparecem nesta ordem, cada um com o botão “Solicitar Orçamento”, que abre o WhatsApp da loja com o título do
          serviço. Até {SHOP_SERVICE_LIMITS.homeCards} serviços.
        </p>
        <ServiceList placement="home" services={home} editing={editing} result={result} />
      </section>
      <section aria-labelledby="servicos-rodape" className="space-y-3">
        <h2 id="servicos-rodape" className="text-lg font-semibold text-slate-900">
          Rodapé: coluna “Serviços”
        </h2>
        <p className="max-w-3xl text-slate-700">Linhas curtas, nesta ordem. Até {SHOP_SERVICE_LIMITS.footerLines} linhas.</p>
        <ServiceList placement="footer" services={footer} editing={editing} result={result} />
      </section>
    </div>
  );
}
