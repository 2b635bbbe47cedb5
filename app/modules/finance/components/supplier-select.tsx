import { SelectField } from "~/components/ui/select-field";

/** The supplier a bill or a stock purchase is owed to, from the records (/financial-management/fornecedores). */
export function SupplierSelect({
  suppliers,
  defaultValue,
  error,
  label = "Fornecedor",
  emptyLabel = "Nenhum",
}: {
  suppliers: readonly { id: number; name: string }[];
  defaultValue: string;
  error?: string;
  label?: string;
  emptyLabel?: string;
}) {
  return (
    <SelectField
      label={label}
      name="supplierId"
      defaultValue={defaultValue}
      error={error}
      options={[
        { value: "", label: emptyLabel },
        ...suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
      ]}
    />
  );
}
