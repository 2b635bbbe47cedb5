import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The signed-in user and the shop's public details, loaded once by the root route. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
