import { SelectField } from "~/components/ui/select-field";
import type { FinanceDirection } from "~/db/schema/finance";

export type CategoryOption = { id: number; name: string; direction: FinanceDirection };

/** The active categories of one direction, for an entry's or a recurring's form. */
export function CategorySelect({
  categories,
  direction,
  defaultValue,
  error,
}: {
  categories: readonly CategoryOption[];
  direction: FinanceDirection;
  defaultValue?: string;
  error?: string;
}) {
  const options = categories.filter((category) => category.direction === direction);
  return (
    <SelectField
      // Keyed on the direction: switching it must show that side's first choice, not keep a stale value.
      key={direction}
      label="Categoria"
      name="categoryId"
      defaultValue={defaultValue}
      error={error}
      options={[
        { value: "", label: "Escolha…" },
        ...options.map((category) => ({ value: String(category.id), label: category.name })),
      ]}
    />
  );
}
