import { lazy, Suspense, useSyncExternalStore } from "react";

/**
 * Toasts without shipping sonner (≈10 KB gzip) to every page: the library and
 * its <Toaster> load the first time a toast is shown. Sonner keeps toasts
 * created before its <Toaster> mounts and shows them once it does.
 */
type ToastOptions = { description?: string };

const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

let isRequested = false;
const listeners = new Set<() => void>();

function show(kind: "message" | "success" | "error" | "info", message: string, options?: ToastOptions) {
  if (!isRequested) {
    isRequested = true;
    for (const listener of listeners) listener();
  }
  void import("sonner").then(({ toast: sonnerToast }) => {
    if (kind === "message") sonnerToast(message, options);
    else sonnerToast[kind](message, options);
  });
}

export const toast = Object.assign((message: string, options?: ToastOptions) => show("message", message, options), {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered once in the root; empty until the first toast. */
export function Toaster() {
  const isNeeded = useSyncExternalStore(
    subscribe,
    () => isRequested,
    () => false,
  );
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster visibleToasts={3} position="top-center" richColors closeButton />
    </Suspense>
  );
}
