import { SectionTabs } from "~/components/ui/section-tabs";

/** The pages of /financial-management, in the order the owner reads them. */
export const FINANCE_TABS = [
  { to: "/financial-management", label: "Resultado", isEnd: true },
  { to: "/financial-management/lancamentos", label: "Lançamentos", isEnd: false },
  { to: "/financial-management/contas", label: "Contas", isEnd: false },
  { to: "/financial-management/recorrentes", label: "Recorrentes", isEnd: false },
  { to: "/financial-management/categorias", label: "Categorias", isEnd: false },
  { to: "/financial-management/cartoes", label: "Cartões", isEnd: false },
  { to: "/financial-management/fornecedores", label: "Fornecedores", isEnd: false },
] as const;

export function FinanceTabs({ className }: { className?: string }) {
  return <SectionTabs label="Seções do financeiro" tabs={FINANCE_TABS} className={className} />;
}
