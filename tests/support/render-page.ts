import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterContextProvider, RouterProvider, useLoaderData } from "react-router";

type PageModule = { default: (props: never) => unknown };
type LoaderModule = { loader: (args: never) => unknown };

/** Issue 26: every staff page ≤ 200 KB of HTML, and what the staff shell alone weighs, as bounded-lists-suite counts it (`npm run bench:load`: a page with no list is 114-125 KB, so this is optimistic). */
export const PAGE_BUDGET_BYTES = 200 * 1024;
export const SHELL_BYTES = 100 * 1024;

/** A page's HTML as the server renders it, from data its loader returned (React's text separators out). */
export function renderPage(page: PageModule, path: string, loaderData: unknown, actionData?: unknown) {
  const Page = page.default as unknown as (props: Record<string, unknown>) => React.ReactNode;
  const router = createMemoryRouter(
    [
      {
        id: "page",
        path: "*",
        loader: () => loaderData,
        Component: () => createElement(Page, { loaderData: useLoaderData(), actionData, params: {}, matches: [] }),
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } },
  );
  return renderToString(createElement(RouterProvider, { router })).replaceAll("<!-- -->", "");
}

/** The route's own loader, for a signed-in user, at `path`. */
export async function runLoader<T extends LoaderModule>(
  route: T,
  path: string,
  user: { id: string; email: string; name: string; role: "staff" | "owner" },
  params: Record<string, string> = {},
): Promise<Awaited<ReturnType<T["loader"]>>> {
  // Loaded here, not at the top: the app's modules load after the test's database is chosen.
  const { sessionUserContext } = await import("~/modules/accounts/session.server");
  const context = new RouterContextProvider();
  context.set(sessionUserContext, user);
  return (await route.loader({
    request: new Request(`http://localhost:3000${path}`),
    params,
    context,
    unstable_pattern: "",
  } as never)) as Awaited<ReturnType<T["loader"]>>;
}

/** What the page itself adds to the shell: its HTML and its data for hydration (about as large again). */
export function pageOwnBytes(html: string, loaderData: unknown) {
  return Buffer.byteLength(html) + Buffer.byteLength(JSON.stringify(loaderData));
}
