import { useId, useState } from "react";
import { Form } from "react-router";
import { PART_ORIGINS, PRODUCT_KINDS, REVENUE_SOURCES, type ProductKind } from "~/db/schema/inventory";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage } from "~/components/ui/field";
import { ImageUploadField } from "~/components/ui/image-upload-field";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField } from "~/components/ui/textarea-field";
import type { FieldErrors } from "~/lib/errors";
import { IMAGE_FIELD } from "~/lib/uploads/image-upload-error";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { PART_ORIGIN_LABELS, PRODUCT_KIND_LABELS, REVENUE_SOURCE_LABELS } from "../labels";
import { MINIMUM_STOCK_HINT } from "../low-stock";
import { PRODUCT_LIMITS, type ProductFormValues } from "../validation";
import { Section } from "./section";

function Checkbox({
  name,
  label,
  hint,
  defaultChecked,
  error,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked: boolean;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

function PhotoField({ photo, error }: { photo: UploadedImage | null; error?: string }) {
  return (
    <div className="space-y-3">
      <ImageUploadField
        image={photo}
        label="Foto (opcional)"
        replaceLabel="Trocar a foto"
        alt="Foto atual"
        sizes="128px"
        imageClassName="size-32 rounded border border-slate-200 bg-white object-contain"
        removeName="removePhoto"
        removeLabel="Remover a foto"
        hint="JPG, PNG ou WebP, com pelo menos 200 × 200 pixels."
        error={error}
      />
    </div>
  );
}

/**
 * A product's, part's or service item's card (ProductSchema's fields), sent
 * as a multipart form with its photo. The fields of one kind only (a part's
 * origin, a service's revenue source) show once the kind is chosen.
 */
export function ProductForm({
  values,
  errors,
  photo,
  categories,
  isNew,
  isSubmitting,
  idempotencyKey,
}: {
  values: ProductFormValues;
  errors: FieldErrors;
  photo: UploadedImage | null;
  /** Categories in use, offered as suggestions. */
  categories: readonly string[];
  isNew: boolean;
  isSubmitting: boolean;
  /** The new-item form's key: sent twice, it makes one item (and one initial stock entry). */
  idempotencyKey?: string;
}) {
  const [kind, setKind] = useState<ProductKind>(
    (PRODUCT_KINDS as readonly string[]).includes(values.kind ?? "") ? (values.kind as ProductKind) : "product",
  );
  const fieldProps = (name: keyof typeof PRODUCT_LIMITS & keyof ProductFormValues) => ({
    name,
    maxLength: PRODUCT_LIMITS[name],
    defaultValue: values[name],
    error: errors[name],
  });
  const hasStock = kind !== "service";
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      {isNew && idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      {Object.keys(errors).length > 0 && !errors.form ? (
        <Alert tone="destructive">Confira os campos marcados abaixo.</Alert>
      ) : null}

      <Section title="Identificação">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Tipo"
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as ProductKind)}
            options={PRODUCT_KINDS.map((value) => ({ value, label: PRODUCT_KIND_LABELS[value] }))}
            error={errors.kind}
            hint="Peça: usada em consertos (e pode ser vendida). Serviço: sem estoque (impressão, design, aplicação de película)."
          />
          <Field label="Nome" {...fieldProps("name")} autoComplete="off" required />
          <Field
            label="SKU (opcional)"
            {...fieldProps("sku")}
            autoComplete="off"
            hint="Código interno. Em branco, a loja numera (P000123)."
          />
          {hasStock ? (
            <Field
              label="Código de barras (opcional)"
              {...fieldProps("barcode")}
              inputMode="numeric"
              autoComplete="off"
              hint="EAN-13 tem o dígito verificador conferido."
            />
          ) : null}
          <Field label="Categoria (opcional)" {...fieldProps("category")} autoComplete="off" list="categorias" />
          <Field label="Marca (opcional)" {...fieldProps("brand")} autoComplete="off" />
        </div>
        {kind === "part" ? (
          <SelectField
            label="Procedência da peça"
            name="partOrigin"
            defaultValue={values.partOrigin ?? ""}
            options={[
              { value: "", label: "Escolha…" },
              ...PART_ORIGINS.map((value) => ({ value, label: PART_ORIGIN_LABELS[value] })),
            ]}
            error={errors.partOrigin}
            hint="O Código de Defesa do Consumidor (art. 21) obriga a informar ao cliente se a peça não é nova e original."
          />
        ) : null}
        {kind === "service" ? (
          <SelectField
            label="Receita"
            name="revenueSource"
            defaultValue={values.revenueSource || "services"}
            options={REVENUE_SOURCES.map((value) => ({ value, label: REVENUE_SOURCE_LABELS[value] }))}
            error={errors.revenueSource}
            hint="Em que linha do resultado do mês o serviço entra."
          />
        ) : null}
        <datalist id="categorias">
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </datalist>
      </Section>

      <Section title="Preço e estoque">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Preço de venda" {...fieldProps("priceCents")} inputMode="decimal" autoComplete="off" hint="Como 49,90." />
          {hasStock ? (
            <>
              <Field
                label="Estoque mínimo"
                {...fieldProps("minimumStock")}
                inputMode="numeric"
                autoComplete="off"
                hint={MINIMUM_STOCK_HINT}
              />
              <Field label="Localização (opcional)" {...fieldProps("location")} autoComplete="off" hint="Prateleira, gaveta…" />
            </>
          ) : null}
        </div>
        {isNew && hasStock ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label="Estoque inicial (opcional)"
              name="initialQuantity"
              defaultValue={values.initialQuantity}
              error={errors.initialQuantity}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              hint="Registrado como entrada no extrato."
            />
            <Field
              label="Custo unitário"
              name="initialCostCents"
              defaultValue={values.initialCostCents}
              error={errors.initialCostCents}
              inputMode="decimal"
              autoComplete="off"
              maxLength={PRODUCT_LIMITS.priceCents}
              hint="O que a loja pagou por unidade."
            />
          </div>
        ) : null}
        {hasStock ? (
          <Checkbox
            name="isSerialised"
            label="Controlar cada unidade por IMEI / número de série (celulares, notebooks)"
            hint="Cada unidade entra com seu IMEI e seu custo, e é escolhida na venda."
            defaultChecked={values.isSerialised === "on"}
            error={errors.isSerialised}
          />
        ) : null}
      </Section>

      <Section title="Loja virtual e descrição">
        <Checkbox
          name="shownInShop"
          label="Mostrar na loja virtual (/loja)"
          hint="A loja mostra preço e disponibilidade, nunca a quantidade."
          defaultChecked={values.shownInShop === "on"}
          error={errors.shownInShop}
        />
        <TextareaField label="Descrição (opcional)" {...fieldProps("description")} className="[&_textarea]:min-h-24" />
        <PhotoField photo={photo} error={errors[IMAGE_FIELD]} />
      </Section>

      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <Spinner /> : null}
        {isNew ? "Cadastrar item" : "Salvar alterações"}
      </Button>
    </Form>
  );
}
