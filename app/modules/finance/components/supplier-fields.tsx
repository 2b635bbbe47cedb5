import { Field } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/textarea-field";
import type { FieldErrors } from "~/lib/errors";
import { FINANCE_LIMITS, type SupplierFormValues } from "../validation";

/** A supplier's fields, as the new-supplier form and the supplier's page show them. */
export function SupplierFields({ values, errors }: { values: SupplierFormValues; errors: FieldErrors }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Nome"
        name="name"
        defaultValue={values.name ?? ""}
        error={errors.name}
        maxLength={FINANCE_LIMITS.supplierName}
        autoComplete="off"
        required
      />
      <Field
        label="CNPJ ou CPF (opcional)"
        name="document"
        defaultValue={values.document ?? ""}
        error={errors.document}
        maxLength={FINANCE_LIMITS.supplierDocument}
        autoComplete="off"
      />
      <Field
        label="Contato (opcional)"
        name="contactName"
        defaultValue={values.contactName ?? ""}
        error={errors.contactName}
        maxLength={FINANCE_LIMITS.supplierContact}
        autoComplete="off"
        hint="Quem atende: vendedor, representante."
      />
      <Field
        label="WhatsApp (opcional)"
        name="whatsapp"
        type="tel"
        inputMode="tel"
        defaultValue={values.whatsapp ?? ""}
        error={errors.whatsapp}
        maxLength={FINANCE_LIMITS.supplierPhone}
        autoComplete="off"
        hint="Com DDD, como (11) 98765-4321."
      />
      <Field
        label="E-mail (opcional)"
        name="email"
        type="email"
        defaultValue={values.email ?? ""}
        error={errors.email}
        maxLength={FINANCE_LIMITS.supplierEmail}
        autoComplete="off"
      />
      <TextareaField
        label="Observações (opcional)"
        name="notes"
        rows={2}
        defaultValue={values.notes ?? ""}
        error={errors.notes}
        maxLength={FINANCE_LIMITS.supplierNotes}
        className="sm:col-span-2"
      />
    </div>
  );
}

export const SUPPLIER_FIELD_NAMES = ["name", "document", "contactName", "whatsapp", "email", "notes"] as const;
