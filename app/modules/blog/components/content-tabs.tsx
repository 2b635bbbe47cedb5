import { SectionTabs } from "~/components/ui/section-tabs";

/** The pages where the shop writes its public site's content (/blog-management and its tabs). */
export const CONTENT_TABS = [
  { to: "/blog-management", label: "Posts", isEnd: true },
  { to: "/blog-management/avaliacoes", label: "Avaliações", isEnd: false },
  { to: "/blog-management/perguntas", label: "Perguntas frequentes", isEnd: false },
  { to: "/blog-management/historia", label: "Nossa história", isEnd: false },
  { to: "/blog-management/servicos", label: "Serviços", isEnd: false },
] as const;

export function ContentTabs({ className }: { className?: string }) {
  return <SectionTabs label="Conteúdo do site" tabs={CONTENT_TABS} className={className} />;
}
