import { useNavigation } from "react-router";

/** A thin bar at the top while a route module or its data loads (spec §2: a visible loading indicator). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[100] h-1 overflow-hidden bg-brand-100">
      <output className="sr-only">Carregando página</output>
      <div aria-hidden className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-brand-700" />
    </div>
  );
}
