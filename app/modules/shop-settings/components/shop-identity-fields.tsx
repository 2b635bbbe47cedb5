import { useId, type ReactNode } from "react";
import { Field, FieldMessage, inputClass } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import type { FieldErrors } from "~/lib/errors";
import { BRAZILIAN_STATES } from "~/modules/customers/states";
import { SHOP_SETTINGS_LIMITS, WEEKDAY_FORM_ORDER, WEEKDAY_NAMES, type ShopSettingsFormValues } from "../validation";

export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      {children}
    </fieldset>
  );
}

const STATE_OPTIONS = [
  { value: "", label: "Escolha o estado" },
  ...BRAZILIAN_STATES.map((state) => ({ value: state.code, label: `${state.code} — ${state.name}` })),
];

type FieldsProps = { prefix?: string; values: ShopSettingsFormValues; errors: FieldErrors };

/** One weekday: closed, or its opening and closing time ("HH:MM", closing exclusive). */
function DayRow({ day, prefix, values, errors }: FieldsProps & { day: number }) {
  const id = useId();
  const name = (part: string) => `${prefix}weeklyHours.${day}.${part}`;
  const openError = errors[name("open")];
  const closeError = errors[name("close")];
  return (
    <div className="grid grid-cols-2 items-end gap-x-3 gap-y-2 border-b border-slate-100 pb-3 last:border-0 sm:grid-cols-[10rem_7rem_1fr_1fr]">
      <p className="col-span-2 font-medium text-slate-800 sm:col-span-1 sm:pb-2.5" id={`${id}-day`}>
        {WEEKDAY_NAMES[day]}
      </p>
      <label className="col-span-2 flex items-center gap-2 text-slate-800 sm:col-span-1 sm:pb-2.5">
        <input
          type="checkbox"
          name={name("closed")}
          defaultChecked={values[name("closed")] === "on"}
          aria-describedby={`${id}-day`}
          className="size-5 accent-brand-700"
        />
        Fechado
      </label>
      <div className="space-y-1">
        <label htmlFor={`${id}-open`} className="block text-sm text-slate-700">
          Abre
        </label>
        <input
          id={`${id}-open`}
          type="time"
          name={name("open")}
          defaultValue={values[name("open")] ?? ""}
          aria-invalid={openError ? true : undefined}
          aria-describedby={openError ? `${id}-open-error` : `${id}-day`}
          className={inputClass}
        />
        <FieldMessage id={`${id}-open`} error={openError} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-close`} className="block text-sm text-slate-700">
          Fecha
        </label>
        <input
          id={`${id}-close`}
          type="time"
          name={name("close")}
          defaultValue={values[name("close")] ?? ""}
          aria-invalid={closeError ? true : undefined}
          aria-describedby={closeError ? `${id}-close-error` : `${id}-day`}
          className={inputClass}
        />
        <FieldMessage id={`${id}-close`} error={closeError} />
      </div>
    </div>
  );
}

export function WeeklyHoursFields(props: FieldsProps) {
  return (
    <SettingsSection
      title="Horário de atendimento"
      description="No horário de Brasília. O rodapé, o botão do WhatsApp e o aviso de atendimento offline seguem este horário."
    >
      {WEEKDAY_FORM_ORDER.map((day) => (
        <DayRow key={day} day={day} {...props} />
      ))}
    </SettingsSection>
  );
}

/**
 * Who the shop is and how to reach it: the settings page and the owner-setup
 * page show the same fields (the latter under the "shop." prefix, beside the
 * owner's own e-mail).
 */
export function ShopIdentityFields({ prefix = "", values, errors }: FieldsProps) {
  const field = (name: string) => ({
    name: `${prefix}${name}`,
    defaultValue: values[`${prefix}${name}`] ?? "",
    error: errors[`${prefix}${name}`],
  });
  return (
    <>
      <SettingsSection title="Identificação" description="Como aparece no site, nos recibos e nos termos de garantia.">
        <Field label="Nome da loja (nome fantasia)" required maxLength={SHOP_SETTINGS_LIMITS.name} {...field("name")} />
        <Field label="Razão social" required maxLength={SHOP_SETTINGS_LIMITS.legalName} {...field("legalName")} />
        <Field
          label="CNPJ ou CPF"
          required
          hint="O CNPJ pode ter letras (novo formato)."
          maxLength={SHOP_SETTINGS_LIMITS.document}
          autoCapitalize="characters"
          {...field("document")}
        />
      </SettingsSection>
      <SettingsSection title="Endereço">
        <Field
          label="Endereço (rua, número e bairro)"
          required
          autoComplete="street-address"
          maxLength={SHOP_SETTINGS_LIMITS.address}
          {...field("address")}
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_14rem_10rem]">
          <Field label="Cidade" required autoComplete="address-level2" maxLength={SHOP_SETTINGS_LIMITS.city} {...field("city")} />
          <SelectField label="Estado" required options={STATE_OPTIONS} {...field("state")} />
          <Field
            label="CEP"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={SHOP_SETTINGS_LIMITS.cep}
            {...field("cep")}
          />
        </div>
      </SettingsSection>
      <SettingsSection title="Contato">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="WhatsApp da loja"
            required
            type="tel"
            inputMode="tel"
            hint="Com DDD, como (11) 98765-4321."
            maxLength={SHOP_SETTINGS_LIMITS.phone}
            {...field("whatsapp")}
          />
          <Field label="E-mail da loja" required type="email" maxLength={SHOP_SETTINGS_LIMITS.email} {...field("email")} />
        </div>
      </SettingsSection>
      <WeeklyHoursFields prefix={prefix} values={values} errors={errors} />
    </>
  );
}
