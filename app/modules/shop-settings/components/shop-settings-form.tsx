import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage } from "~/components/ui/field";
import { ImageUploadField } from "~/components/ui/image-upload-field";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { PIX_KEY_TYPES } from "~/db/schema/shop-settings";
import type { FieldErrors } from "~/lib/errors";
import { basisPointsToPercentText } from "~/lib/money";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { IMAGE_FIELD } from "~/lib/uploads/image-upload-error";
import {
  MAX_PIX_DISCOUNT_BASIS_POINTS,
  MAX_DEFAULT_WARRANTY_DAYS,
  MIN_DEFAULT_WARRANTY_DAYS,
  PIX_KEY_TYPE_LABELS,
  SHOP_SETTINGS_LIMITS,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  type ShopSettingsFormValues,
} from "../validation";
import { ClosureList } from "./closure-list";
import { SettingsSection, ShopIdentityFields } from "./shop-identity-fields";

type Props = {
  values: ShopSettingsFormValues;
  errors: FieldErrors;
  closureRows: number;
  logo: UploadedImage | null;
  /** False while the details are the demo's fictional ones: the form then offers "Confirmar os dados da loja". */
  isDetailsConfirmed: boolean;
  isSubmitting: boolean;
  /** Under the PIX key: the "Testar PIX" charge, drawn by the route (the PIX panel belongs to the pix module). */
  pixPreview?: ReactNode;
};

const PIX_OPTIONS = [
  { value: "", label: "Sem chave PIX" },
  ...PIX_KEY_TYPES.map((type) => ({ value: type, label: PIX_KEY_TYPE_LABELS[type] })),
];

function CheckboxField({
  label,
  hint,
  error,
  ...input
}: {
  label: string;
  hint: string;
  error?: string;
  name: string;
  defaultChecked: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="flex items-center gap-2 font-medium text-slate-800">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-brand-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          {...input}
        />
        {label}
      </label>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

function LogoField({ logo, error }: { logo: UploadedImage | null; error?: string }) {
  return (
    <SettingsSection title="Logotipo" description="Aparece no topo do site e nos documentos impressos. JPG, PNG ou WebP.">
      <ImageUploadField
        image={logo}
        label="Enviar um logotipo"
        replaceLabel="Trocar o logotipo"
        alt="Logotipo atual"
        sizes="160px"
        imageClassName="h-16 w-auto max-w-40 rounded border border-slate-200 bg-white object-contain p-1"
        removeName="removeLogo"
        removeLabel="Remover o logotipo"
        error={error}
      />
    </SettingsSection>
  );
}

/**
 * Shown while the details are the demo's: a save alone never ends the demo's
 * marks (a shop changing its hours has not said who it is), this box does.
 */
function ConfirmIdentitySection({ values, errors }: { values: ShopSettingsFormValues; errors: FieldErrors }) {
  return (
    <SettingsSection title="Confirmar os dados da loja">
      <Alert tone="info" title="Os dados da loja ainda são os fictícios da demonstração">
        Enquanto não forem confirmados, os documentos impressos saem com “DEMONSTRAÇÃO”, o rodapé do site diz “Site de
        demonstração”, o site fica fora dos buscadores e os e-mails saem em nome de “Balcão”. Salvar outras mudanças não muda
        isso.
      </Alert>
      <CheckboxField
        label="Confirmo que estes são os dados reais da minha loja"
        name="confirmIdentity"
        defaultChecked={values.confirmIdentity === "on"}
        error={errors.confirmIdentity}
        hint="Confira antes o nome, a razão social, o CNPJ ou CPF e o endereço abaixo: o CNPJ fictício da demonstração não é aceito."
      />
    </SettingsSection>
  );
}

/** /configuracoes: every detail of the shop in one form, checked whole on the server (ShopSettingsSchema). */
export function ShopSettingsForm({ values, errors, closureRows, logo, isDetailsConfirmed, isSubmitting, pixPreview }: Props) {
  const field = (name: string) => ({ name, defaultValue: values[name] ?? "", error: errors[name] });
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
      {/* Enter in a field submits with the form's first button: this one saves, not the closure list's "Remover". */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
      {hasErrors ? (
        <Alert tone="destructive" title="Nada foi salvo">
          {errors.form ?? "Corrija os campos marcados abaixo e salve de novo."}
        </Alert>
      ) : null}
      {isDetailsConfirmed ? null : <ConfirmIdentitySection values={values} errors={errors} />}
      <ShopIdentityFields values={values} errors={errors} />
      <SettingsSection title="Outros telefones" description="Opcional. Aparecem no rodapé do site, ao lado do WhatsApp.">
        <div className="grid gap-4 sm:grid-cols-3">
          {Array.from({ length: SHOP_SETTINGS_LIMITS.phones }, (_, index) => (
            <Field
              key={index}
              label={`Telefone ${index + 1}`}
              type="tel"
              inputMode="tel"
              maxLength={SHOP_SETTINGS_LIMITS.phone}
              {...field(`phones.${index}`)}
            />
          ))}
        </div>
      </SettingsSection>
      <SettingsSection
        title="Feriados e fechamentos"
        description="Dias em que a loja fecha fora do horário da semana. Nesses dias o site mostra a loja fechada. Uma linha em branco é ignorada."
      >
        <ClosureList rows={closureRows} values={values} errors={errors} />
      </SettingsSection>
      <SettingsSection
        title="Redes sociais e avaliações"
        description="Endereços com https://. Uma rede em branco não aparece no site."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <Field
              key={network}
              label={SOCIAL_NETWORK_LABELS[network]}
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={SHOP_SETTINGS_LIMITS.url}
              {...field(`socialLinks.${network}`)}
            />
          ))}
        </div>
        <Field
          label="Link para avaliar a loja (Google, por exemplo)"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={SHOP_SETTINGS_LIMITS.url}
          {...field("reviewUrl")}
        />
      </SettingsSection>
      <SettingsSection title="PIX" description="A chave que o caixa mostra para receber por PIX.">
        <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
          <SelectField label="Tipo da chave" options={PIX_OPTIONS} {...field("pix.type")} />
          <Field label="Chave PIX" maxLength={SHOP_SETTINGS_LIMITS.pixKey} {...field("pix.key")} />
        </div>
        <Field
          label="% de desconto no PIX"
          inputMode="decimal"
          maxLength={10}
          placeholder="0"
          hint={`De 0 a ${basisPointsToPercentText(MAX_PIX_DISCOUNT_BASIS_POINTS)}%, com até duas casas decimais (0 = sem desconto). Na venda, o cliente vê o desconto e os dois preços antes de pagar, como a lei pede (Lei 13.455/2017 e Lei 10.962/2004, art. 5-A).`}
          className="max-w-xs"
          {...field("pixDiscount")}
        />
        {pixPreview}
      </SettingsSection>
      <SettingsSection title="Estoque">
        <CheckboxField
          label="Permitir estoque negativo"
          name="allowNegativeStock"
          defaultChecked={values.allowNegativeStock === "on"}
          error={errors.allowNegativeStock}
          hint="Deixa vender (ou usar numa ordem de serviço) um item que o sistema diz não ter: o estoque fica abaixo de zero até você lançar a entrada da mercadoria. Desmarcado, a venda desse item é recusada enquanto o estoque não cobrir a quantidade."
        />
      </SettingsSection>
      <SettingsSection
        title="Crediário"
        description="Os limites de todo crediário novo; os já feitos seguem o contrato assinado."
      >
        <Alert tone="info">
          A loja não é instituição financeira: a lei de usura limita os juros que ela pode cobrar no crediário (Decreto 22.626/33;
          Código Civil, art. 591 com o art. 406). Na prática, fique em até 1% ao mês, que é o padrão. Uma taxa maior pode ser
          anulada na Justiça e o cliente pode pedir de volta o que pagou a mais.
        </Alert>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Taxa máxima de juros (% a.m.)"
            inputMode="decimal"
            maxLength={10}
            hint="Nenhum crediário passa desta taxa."
            {...field("maxCreditMonthlyRate")}
          />
          <Field
            label="Multa por atraso (%)"
            inputMode="decimal"
            maxLength={10}
            hint="No máximo 2% (CDC art. 52, § 1º)."
            {...field("creditLateFee")}
          />
          <Field
            label="Juros de mora (% a.m.)"
            inputMode="decimal"
            maxLength={10}
            hint="Proporcionais aos dias de atraso."
            {...field("creditLateInterest")}
          />
        </div>
      </SettingsSection>
      <SettingsSection title="Garantia">
        <Field
          label="Garantia padrão dos consertos (dias)"
          type="number"
          inputMode="numeric"
          min={MIN_DEFAULT_WARRANTY_DAYS}
          max={MAX_DEFAULT_WARRANTY_DAYS}
          step={1}
          hint={`Novas ordens de serviço começam com este prazo. Nunca menos de ${MIN_DEFAULT_WARRANTY_DAYS} dias (garantia legal, CDC art. 26).`}
          className="max-w-xs"
          {...field("defaultWarrantyDays")}
        />
      </SettingsSection>
      <LogoField logo={logo} error={errors[IMAGE_FIELD]} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? <Spinner /> : null}
          Salvar configurações
        </Button>
      </div>
    </Form>
  );
}
