import { mkdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";
import routes from "~/routes";
import { assertSingletonStoreFound } from "../support/database";
import { copyPgliteTemplate } from "../support/pglite-template";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

type ServerRoute = NonNullable<ServerBuild["routes"][string]>;
type RouteModule = ServerRoute["module"];
type ManifestRoute = ServerBuild["assets"]["routes"][string];

/** A route's id as React Router gives it: its own `id`, or its file without the extension. */
const routeId = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");

/**
 * The server build React Router's Vite plugin would make, from app/routes.ts
 * and the route modules themselves (the same tree the production bundle
 * holds, read from the source): no Vite build needed, so a test can send
 * real requests through the whole site (Hono's middleware, the session,
 * every loader and action) in its own process. The assets manifest names
 * no real files: the pages render, their scripts are not served.
 */
export async function sourceServerBuild(): Promise<ServerBuild> {
  const serverRoutes: Record<string, ServerRoute> = {};
  const manifestRoutes: Record<string, ManifestRoute> = {};

  async function add(id: string, file: string, parentId: string | undefined, entry: Partial<RouteConfigEntry>) {
    // oxlint-disable-next-line typescript/no-explicit-any -- a route module's exports, whatever they are
    const source = (await import(/* @vite-ignore */ path.join(APP_DIR, file))) as Record<string, any>;
    // As the Vite plugin does: a route's components get their loaderData, params and error as props.
    const module = {
      ...source,
      ...(source.default && { default: UNSAFE_withComponentProps(source.default) }),
      ...(source.ErrorBoundary && { ErrorBoundary: UNSAFE_withErrorBoundaryProps(source.ErrorBoundary) }),
      ...(source.HydrateFallback && { HydrateFallback: UNSAFE_withHydrateFallbackProps(source.HydrateFallback) }),
    } as RouteModule;
    const shape = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive };
    serverRoutes[id] = { ...shape, module };
    manifestRoutes[id] = {
      ...shape,
      hasAction: typeof module.action === "function",
      hasLoader: typeof module.loader === "function",
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasDefaultExport: typeof module.default === "function",
      hasErrorBoundary: typeof module.ErrorBoundary === "function",
      module: `/assets/${id}.js`,
      imports: [],
      css: [],
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    } as ManifestRoute;
  }

  async function walk(entries: RouteConfigEntry[], parentId: string) {
    for (const entry of entries) {
      const id = routeId(entry);
      await add(id, entry.file, parentId, entry);
      if (entry.children?.length) await walk(entry.children, id);
    }
  }

  await add("root", "root.tsx", undefined, { path: "" });
  await walk(routes, "root");
  const entry = await import("~/entry.server");
  return {
    entry: { module: entry },
    routes: serverRoutes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/assets/manifest-test.js",
      version: "test",
    } as unknown as ServerBuild["assets"],
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { unstable_optimizeDeps: false } as unknown as ServerBuild["future"],
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
  };
}

const PASSWORD = "Fuzz#Balcao-2026";

/**
 * The whole site (app/server/app.server.ts over the build above) on a
 * loopback port of this process, over the PGlite template: requests go
 * through Hono's middleware, better-auth and React Router as in production,
 * without a browser or a Vite build. Import after the test set the environment.
 */
export async function loadWholeApp() {
  if (!process.env.DATABASE_URL) await copyPgliteTemplate(process.env.DATA_DIR ?? "");
  const [{ createAdaptorServer }, appModule, envModule, dbModule, authModule, authSchema] = await Promise.all([
    import("@hono/node-server"),
    import("~/server/app.server"),
    import("~/lib/env.server"),
    import("~/db/client.server"),
    import("~/modules/accounts/auth.server"),
    import("~/db/schema/auth"),
  ]);
  const db = await dbModule.getDb();
  assertSingletonStoreFound();
  const build = await sourceServerBuild();
  const env = envModule.getEnv();
  // No browser build: an empty folder to serve static files from.
  const clientDir = path.join(env.DATA_DIR, "client-build");
  await mkdir(clientDir, { recursive: true });
  const app = appModule.createApp(build, env, clientDir);
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = await authModule.getAuth();
  const { eq } = await import("drizzle-orm");

  /** An account with a role and a session: the `cookie` header its browser would send. */
  async function signedIn(name: string, email: string, role: "customer" | "staff" | "owner") {
    await auth.api.signUpEmail({ body: { name, email, password: PASSWORD } });
    await db.update(authSchema.user).set({ emailVerified: true, role }).where(eq(authSchema.user.email, email));
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: env.PUBLIC_URL },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`${email} não entrou: ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0]!)
      .join("; ");
    const [row] = await db.select({ id: authSchema.user.id }).from(authSchema.user).where(eq(authSchema.user.email, email));
    return { email, userId: row!.id, cookie };
  }

  return {
    db,
    baseUrl,
    publicUrl: env.PUBLIC_URL,
    signedIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WholeApp = Awaited<ReturnType<typeof loadWholeApp>>;
