import { Link, useNavigation } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { FlashAlert } from "~/components/ui/flash-alert";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { readUploadForm, uploadedFileFrom } from "~/lib/uploads/read-upload-form.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { PixTestCharge } from "~/modules/pix/components/pix-test-charge";
import { pixTestChargeFor } from "~/modules/pix/pix-charge.server";
import { ShopSettingsForm } from "~/modules/shop-settings/components/shop-settings-form";
import { updateShopSettings } from "~/modules/shop-settings/mutations.server";
import { getShopLogo, getShopSettings } from "~/modules/shop-settings/queries.server";
import {
  closureListChange,
  closureRowCount,
  shopSettingsFormInput,
  shopSettingsFormValues,
  typedClosureRows,
  typedFormValues,
  type ShopSettingsFormValues,
} from "~/modules/shop-settings/validation";
import type { Route } from "./+types/shop-settings";
import { TAKES_FILES } from "~/lib/uploads/upload-handle";

const PATH = "/configuracoes";

export const meta = () => staffAreaMeta("settings");

/** Its form takes a file: the server lets a multipart body through to it (upload-handle.ts). */
export const handle = TAKES_FILES;

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, logo] = await Promise.all([getShopSettings(), getShopLogo()]);
  return {
    values: shopSettingsFormValues(settings),
    closureRows: closureRowCount(settings.closures.length),
    logo,
    pixTest: await pixTestChargeFor(settings),
    // The form is keyed on it: after a save it starts again from what was stored.
    version: settings.updatedAt.toISOString(),
    isDetailsConfirmed: settings.detailsConfirmedAt !== null,
    flash: flashOf(context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  let values: ShopSettingsFormValues = {};
  let confirmedNow = false;
  try {
    const form = await readUploadForm(request);
    values = typedFormValues(form);
    // "Adicionar outra data" or "Remover" before JavaScript ran: the form comes back changed, nothing saved.
    const changed = closureListChange(formText(form, "intent"), values);
    if (changed) return { values: changed, errors: {} };
    ({ confirmedNow } = await updateShopSettings(actor, shopSettingsFormInput(form), {
      file: await uploadedFileFrom(form, "image"),
      remove: formText(form, "removeLogo") === "on",
    }));
  } catch (error) {
    return formRefusal(error, { values });
  }
  return redirectWithFlash(
    PATH,
    confirmedNow
      ? {
          title: "Dados da loja confirmados",
          message: "O site e os documentos já mostram a sua loja, sem as marcas de demonstração.",
        }
      : { title: "Configurações salvas", message: "O site e os documentos já mostram os novos dados." },
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const refused = actionData && "errors" in actionData ? actionData : null;
  const values = refused ? { ...refused.values } : loaderData.values;
  // Refused, or redrawn by the closure list's buttons without JavaScript: the rows as they were sent.
  const closureRows = refused ? Math.max(1, typedClosureRows(refused.values)) : loaderData.closureRows;
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Configurações da loja</h1>
      <p className="mb-6 text-slate-700">
        Os dados da loja que aparecem no site, nos recibos e nos termos de garantia. As regras do{" "}
        <Link to="/fidelidade/programa" className="font-medium text-brand-700 underline underline-offset-2">
          programa de fidelidade
        </Link>{" "}
        têm página própria.
      </p>
      <div className="mb-6 space-y-3">
        <FlashAlert flash={loaderData.flash} />
      </div>
      <ShopSettingsForm
        key={loaderData.version}
        values={values}
        errors={refused?.errors ?? {}}
        closureRows={closureRows}
        logo={loaderData.logo}
        isDetailsConfirmed={loaderData.isDetailsConfirmed}
        isSubmitting={navigation.state === "submitting"}
        pixPreview={<PixTestCharge result={loaderData.pixTest} />}
      />
    </>
  );
}
