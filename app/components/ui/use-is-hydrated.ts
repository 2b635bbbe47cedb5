import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** False in the server's HTML and during hydration, true once React runs in the browser. */
export function useIsHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
