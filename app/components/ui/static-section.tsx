import { Suspense, use, useState, useSyncExternalStore, type ComponentType } from "react";

/**
 * A component whose code lives in its own chunk, loaded by the browser only
 * when it has to draw it. The server imports every such chunk as the process
 * starts, long before the first request, so it renders them in its first pass
 * (`use` would otherwise hold the page's shell until the import resolves).
 * `load` must be the component's only import: a static one would put its code
 * back in the importing chunk.
 */
function splitCode<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const request = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  // A failure here surfaces again, to the route's error boundary, when the component renders.
  if (import.meta.env.SSR) request().catch(() => {});

  return function Content(props: Props) {
    const Component = loaded ?? use(request());
    return <Component {...props} />;
  };
}

const subscribeToNothing = () => () => {};
const KEEP_SERVER_HTML = { __html: "" };

/**
 * Props compared by value: loader data comes back in new objects after every
 * revalidation (the root's, on each navigation) even when nothing changed.
 */
function isSameData(first: unknown, second: unknown): boolean {
  if (Object.is(first, second)) return true;
  if (first instanceof Date && second instanceof Date) return first.getTime() === second.getTime();
  if (typeof first !== "object" || typeof second !== "object" || first === null || second === null) return false;
  if (Array.isArray(first) !== Array.isArray(second)) return false;
  const firstRecord = first as Record<string, unknown>;
  const secondRecord = second as Record<string, unknown>;
  const keys = Object.keys(firstRecord);
  return keys.length === Object.keys(secondRecord).length && keys.every((key) => isSameData(firstRecord[key], secondRecord[key]));
}

/**
 * A part of a page with nothing to interact with (text, icons, plain links).
 * Hydrating it would only redo what the server's HTML already shows, so the
 * browser keeps that HTML and never downloads its code: while hydrating, the
 * wrapper renders with an empty `dangerouslySetInnerHTML`, whose contents
 * React neither compares nor replaces (nor rewrites later: the string stays
 * the same). The browser loads the chunk and draws the component itself only
 * when there is no server HTML for it (a client-side navigation) or when its
 * props change (new loader data for the same page).
 *
 * Links inside are plain `<a>` until then: a click loads the next page from
 * the server (cached, decision 4). The wrapper is a `<div>`, `display:
 * contents` unless `wrapperClassName` says otherwise.
 */
export function staticSection<Props extends object>(load: () => Promise<ComponentType<Props>>, wrapperClassName = "contents") {
  const Content = splitCode(load);
  return function StaticSection(props: Props) {
    // useSyncExternalStore reads its server snapshot (true) only while hydrating: these props came with the page.
    const isHydrating = useSyncExternalStore(
      subscribeToNothing,
      () => false,
      () => true,
    );
    const [serverProps] = useState(isHydrating ? props : null);
    if (import.meta.env.SSR) {
      return (
        <div className={wrapperClassName}>
          <Content {...props} />
        </div>
      );
    }
    if (serverProps && isSameData(serverProps, props)) {
      return (
        <div key="server" className={wrapperClassName} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />
      );
    }
    return (
      <div key="browser" className={wrapperClassName}>
        <Suspense fallback={null}>
          <Content {...props} />
        </Suspense>
      </div>
    );
  };
}

/**
 * A component drawn by the server with the page that most visitors never use
 * (the signed-in account menu): its code is loaded while the page hydrates,
 * and React keeps the server's HTML in place until it arrives and hydrates it.
 */
export function deferredComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Content = splitCode(load);
  return function DeferredComponent(props: Props) {
    return (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    );
  };
}
