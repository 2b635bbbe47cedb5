/**
 * The site as one Hono app: health, uploaded images, the anonymous page
 * cache, client IP, security headers, compression, methods and origins,
 * body limits, static files, better-auth at /api/auth/*, then React Router.
 * Built with the app (app/server/start.server.ts is the server bundle's
 * entry), so it shares every module with the routes: one copy of each.
 */
import type { HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { sql } from "drizzle-orm";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, matchRoutes, RouterContextProvider, type RouteObject, type ServerBuild } from "react-router";
import { databaseKind, getDb } from "~/db/client.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip";
import type { Env } from "~/lib/env.server";
import { hasFlashCookieHeader } from "~/lib/flash.server";
import { logger, pathForLog } from "~/lib/logger.server";
import { dataFolderProblem, type DataFolderProblem } from "~/lib/job-alerts.server";
import {
  BODY_TOO_LARGE_MESSAGE,
  BODY_TOO_LARGE_PAGE,
  FILES_NOT_ACCEPTED_MESSAGE,
  FILES_NOT_ACCEPTED_PAGE,
  formCarriesNul,
  isDataRequest,
  isMultipartForm,
  MAX_FORM_BODY_BYTES,
  MAX_MULTIPART_BODY_BYTES,
  METHOD_NOT_ALLOWED_MESSAGE,
  METHOD_NOT_ALLOWED_PAGE,
  NUL_IN_FORM_MESSAGE,
  NUL_IN_FORM_PAGE,
} from "~/lib/request-body-limits.server";
import { NONCE_PLACEHOLDER, pageCache, pageCacheKey, servePage, withNonce } from "~/lib/page-cache.server";
import { isProtectedPath } from "~/lib/protected-paths";
import { cspNonceContext } from "~/lib/request-context";
import { TRAFFIC_BEACON_MAX_BYTES, TRAFFIC_BEACON_PATH } from "~/lib/traffic-events";
import type { UploadHandle } from "~/lib/uploads/upload-handle";
import { UPLOADS_PATH } from "~/lib/uploads/upload-urls";
import { getAuth } from "~/modules/accounts/auth.server";
import { hasSessionCookie, hasSessionCookieHeader } from "~/modules/accounts/session.server";
import { respondWithUploadFile } from "~/modules/uploads/serve-upload.server";
import { handleBeacon } from "~/modules/traffic/collect.server";
import { compressDynamic } from "./dynamic-compression.server";

/** Behind a proxy the client is the last address the proxy appended; otherwise the socket's peer. */
function clientIp(request: Request, socketAddress: string | undefined, env: Env) {
  const forwarded = env.TRUST_PROXY ? request.headers.get(env.TRUST_PROXY) : null;
  const fromProxy = forwarded?.split(",").at(-1)?.trim();
  return fromProxy || socketAddress || "desconhecido";
}

/**
 * Whether the address may name a file of public/ ("/favicon.svg", "/models/celular.glb"): its last segment has an
 * extension. A page ("/customers/new") or its data for the client router ("/customers/new.data") is not one.
 */
export function mayBePublicFile(pathname: string) {
  return /\.[^/]+$/.test(pathname) && !pathname.endsWith(".data");
}

/** What the site answers: pages (GET, HEAD) and forms (POST). A route that needs another method adds it here. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

function isSafeMethod(method: string) {
  return method === "GET" || method === "HEAD";
}

/** The browser's Origin (or, failing that, Sec-Fetch-Site) says the request comes from this site. */
function isSameOrigin(request: Request, publicOrigin: string) {
  const origin = request.headers.get("origin");
  if (origin) return origin === publicOrigin;
  return request.headers.get("sec-fetch-site") === "same-origin";
}

/**
 * The request as React Router should see it: at the shop's public address.
 * Behind a proxy that terminates TLS, Node hears http://, and React Router's
 * own check of an action's Origin against the request's URL refused every
 * form; the Origin has already been held to PUBLIC_URL above.
 */
function atPublicOrigin(request: Request, publicOrigin: string) {
  const url = new URL(request.url);
  if (url.origin === publicOrigin) return request;
  return new Request(`${publicOrigin}${url.pathname}${url.search}`, request);
}

/**
 * A body over its cap is refused before it is read (Content-Length), or as soon
 * as the count passes the cap (chunked); @hono/node-server then discards what
 * the client still sends, briefly, and closes (closing at once would reset the
 * connection under the client and lose the answer). Without a cap, React
 * Router's request.formData() held a 100 MB post in memory whole (the process
 * peaked 1.3 GB higher).
 */
const refuseTooLarge = (c: Context) =>
  isDataRequest(c.req.path) ? c.text(BODY_TOO_LARGE_MESSAGE, 413) : c.html(BODY_TOO_LARGE_PAGE, 413);
const limitFormBody = bodyLimit({ maxSize: MAX_FORM_BODY_BYTES, onError: refuseTooLarge });
const limitMultipartBody = bodyLimit({ maxSize: MAX_MULTIPART_BODY_BYTES, onError: refuseTooLarge });
const limitBody: MiddlewareHandler = (c, next) =>
  isMultipartForm(c.req.header("content-type")) ? limitMultipartBody(c, next) : limitFormBody(c, next);

const DATABASE_PROBE_TIMEOUT_MS = 3_000;

/** A page of its own for when the app cannot serve its pages (the database away, the data folder unwritable). */
const simplePage = (title: string, heading: string, text: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — Balcão</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${heading}</h1><p>${text}</p></body></html>`;
const DATABASE_DOWN_PAGE = simplePage(
  "Sistema indisponível",
  "Sistema temporariamente indisponível",
  "O banco de dados não está respondendo. Nada do que você enviou agora foi gravado: tente de novo em instantes.",
);
const DATA_FOLDER_PAGES: Record<DataFolderProblem, string> = {
  full: simplePage(
    "Disco cheio",
    "Não foi possível gravar: o disco está cheio",
    "O disco onde o Balcão guarda os dados não tem mais espaço livre. Nada do que você enviou agora foi gravado. Avise quem cuida do sistema: é preciso liberar espaço (cópias de segurança antigas podem ir para outro disco). Assim que houver espaço, tente de novo: não é preciso reiniciar.",
  ),
  "read-only": simplePage(
    "Pasta de dados protegida",
    "Não foi possível gravar: a pasta de dados está protegida contra escrita",
    "O Balcão não consegue gravar na pasta onde guarda os dados (o disco foi montado só para leitura, ou as permissões da pasta mudaram). Nada do que você enviou agora foi gravado. Avise quem cuida do sistema: é preciso devolver a permissão de escrita. Depois disso, tente de novo.",
  ),
};

/** Whether PostgreSQL answers `select 1` within a few seconds (a stopped server refuses at once). */
async function isDatabaseReachable() {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      getDb()
        .then((db) => db.execute(sql`select 1`))
        .then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_PROBE_TIMEOUT_MS))),
    ]);
  } catch (error) {
    logger.warn({ err: error }, "banco de dados não respondeu");
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the page at `pathname` (a `.data` address counts as its page) takes
 * a file, decided by the route React Router would run: a multipart body
 * reaches only those, so no other action reads a form it never expected
 * (and no file is held in memory for nothing).
 */
function routesTakingFiles(build: ServerBuild) {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject);
    byParent.set(route.parentId, siblings);
  }
  const withChildren = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const children = byParent.get(route.id);
      return (children ? { ...route, children: withChildren(children) } : route) as RouteObject;
    });
  const tree = withChildren(byParent.get(undefined) ?? []);
  return (pathname: string) => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const leaf = matchRoutes(tree, page)?.at(-1)?.route.id;
    const handle = leaf ? (build.routes[leaf]?.module.handle as UploadHandle | undefined) : undefined;
    return handle?.acceptsFiles === true;
  };
}

/**
 * How the app is run. The development server (`npm run dev`, vite.config.ts)
 * runs this same app, with the same headers, origin check, limits and error
 * pages, but without the page cache (pages change as the code is edited).
 */
export type AppMode = { pageCache: boolean };

/**
 * `build`: the server build, or (development server) a function that loads it when a request reaches React Router.
 * `clientDir`: the browser build (build/client), served as static files.
 */
export function createApp(
  build: ServerBuild | (() => Promise<ServerBuild>),
  env: Env,
  clientDir: string,
  mode: AppMode = { pageCache: true },
) {
  const app = new Hono<{ Bindings: HttpBindings; Variables: { secureHeadersNonce?: string; isRenderingForCache?: boolean } }>();
  const handleDocument = createRequestHandler(build, "production");
  const isHttps = env.PUBLIC_URL.startsWith("https://");
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  // The development server's build changes as code is edited: read again on each multipart post there.
  const builtTakesFiles = typeof build === "function" ? null : routesTakingFiles(build);
  const takesFiles = async (pathname: string) =>
    (builtTakesFiles ?? routesTakingFiles(await (build as () => Promise<ServerBuild>)()))(pathname);

  // An error in a step before the security headers' middleware (the page cache, the log) would otherwise leave
  // without them: the answer carries its own, and nothing of the error.
  const errorHeaders: Record<string, string> = {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cache-Control": "no-store",
    ...(isHttps ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
  app.onError((error, c) => {
    logger.error({ err: error, path: pathForLog(c.req.url) }, "erro não tratado");
    return c.text("Erro interno. Tente novamente em instantes.", 500, errorHeaders);
  });

  // The probes answer ahead of every middleware (nothing to slow them down), with the same fixed headers.
  app.get("/healthz", (c) => c.text("ok", 200, errorHeaders));
  app.get("/readyz", async (c) => {
    try {
      await (await getDb()).execute(sql`select 1`);
      return c.text("ok", 200, errorHeaders);
    } catch (error) {
      logger.warn({ err: error }, "banco de dados não respondeu");
      return c.text("banco de dados indisponível", 503, errorHeaders);
    }
  });

  app.use(async (c, next) => {
    const startedAt = performance.now();
    await next();
    logger.info(
      { method: c.req.method, path: pathForLog(c.req.url), status: c.res.status, ms: Math.round(performance.now() - startedAt) },
      "requisição",
    );
  });

  // Uploaded images (decision 0008): the same for everyone, with their own headers (a year's cache, nosniff,
  // embeddable elsewhere); ahead of the page headers and of the session middleware, which would make them
  // `private, no-store` for a signed-in person, and of React Router.
  app.get(`${UPLOADS_PATH}:file`, (c) => respondWithUploadFile(c.req.raw, c.req.param("file")));

  // Anonymous public pages come from memory (app/lib/page-cache.server.ts), before any other work.
  app.use(async (c, next) => {
    if (!mode.pageCache) return next();
    // Node's own header object: building a Fetch Headers for every cached hit costs more than the hit.
    const { headers } = c.env.incoming;
    // A signed-in person's page, or one showing the message a form left (app/lib/flash.server.ts), is theirs alone.
    const isPersonal = hasSessionCookieHeader(headers.cookie) || hasFlashCookieHeader(headers.cookie);
    const key = pageCacheKey(c.req.method, new URL(c.req.url), isPersonal);
    if (!key) return next();
    const pageRequest = {
      method: c.req.method,
      acceptEncoding: headers["accept-encoding"],
      ifNoneMatch: headers["if-none-match"],
    };
    const cached = pageCache.get(key) ?? (await pageCache.pending(key));
    if (cached) return servePage(cached, pageRequest);
    // A HEAD renders no body to keep.
    if (c.req.method === "HEAD") return next();
    const rendered = await pageCache.fill(key, async () => {
      c.set("isRenderingForCache", true);
      await next();
      return c.res;
    });
    const response =
      rendered instanceof Response
        ? await withNonce(rendered, c.get("secureHeadersNonce") ?? "")
        : servePage(rendered, pageRequest, "miss");
    // Replaced, not merged: Hono would otherwise copy the rendered response's headers onto this one.
    c.res = undefined;
    c.res = response;
  });

  app.use(async (c, next) => {
    // Only the server says who the client is: a copy sent by the client is dropped.
    const headers = c.req.raw.headers;
    headers.delete(CLIENT_IP_HEADER);
    headers.set(CLIENT_IP_HEADER, clientIp(c.req.raw, getConnInfo(c).remote.address, env));
    await next();
  });

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets WebAssembly compile (not JS eval): three.js's mesh decoder in /realidade-aumentada needs it.
        scriptSrc: ["'self'", NONCE, "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: isHttps ? "max-age=31536000; includeSubDomains" : false,
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      crossOriginEmbedderPolicy: false,
      // No page asks for these: a script or frame that got in cannot either.
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        serial: [],
        hid: [],
        midi: [],
        accelerometer: [],
        gyroscope: [],
        magnetometer: [],
        displayCapture: [],
        screenWakeLock: [],
        idleDetection: [],
        localFonts: [],
        browsingTopics: [],
        // "Ver no seu espaço" on /realidade-aumentada starts a WebXR session (model-viewer; it gets the camera through
        // WebXR, not getUserMedia). On every page: the policy of the page a visitor lands on holds for the whole visit.
        xrSpatialTracking: ["self"],
      },
    }),
  );
  // A page rendered for the page cache is compressed once, when it is stored.
  app.use((c, next) => (c.get("isRenderingForCache") ? next() : compressDynamic(c, next)));

  app.use(async (c, next) => {
    // React Router would run a route's action for PUT, PATCH or DELETE as for POST; no route means to.
    if (!ALLOWED_METHODS.includes(c.req.method)) {
      const allow = { Allow: ALLOWED_METHODS.join(", ") };
      return isDataRequest(c.req.path)
        ? c.text(METHOD_NOT_ALLOWED_MESSAGE, 405, allow)
        : c.html(METHOD_NOT_ALLOWED_PAGE, 405, allow);
    }
    await next();
  });

  app.use(async (c, next) => {
    // Form posts to our own actions must come from our own pages (better-auth checks its own routes).
    if (!isSafeMethod(c.req.method) && !isSameOrigin(c.req.raw, publicOrigin)) {
      return c.text("Requisição recusada: origem não permitida.", 403);
    }
    await next();
  });

  // Before the body is read by anyone: see limitBody.
  app.use(limitBody);

  // A file only where a form takes one (see routesTakingFiles), before the body is read (a body over the cap is refused first, 413).
  app.use(async (c, next) => {
    if (!isSafeMethod(c.req.method) && isMultipartForm(c.req.header("content-type")) && !(await takesFiles(c.req.path))) {
      return isDataRequest(c.req.path) ? c.text(FILES_NOT_ACCEPTED_MESSAGE, 415) : c.html(FILES_NOT_ACCEPTED_PAGE, 415);
    }
    await next();
  });

  app.use(async (c, next) => {
    if (!isSafeMethod(c.req.method) && (await formCarriesNul(c.req.raw))) {
      return isDataRequest(c.req.path) ? c.text(NUL_IN_FORM_MESSAGE, 400) : c.html(NUL_IN_FORM_PAGE, 400);
    }
    await next();
  });

  // The public pages' visit reports (modules/traffic): same-origin (checked above), a small body, no React Router.
  const limitBeaconBody = bodyLimit({
    maxSize: TRAFFIC_BEACON_MAX_BYTES,
    onError: (c) => c.text("Relatório de visita grande demais.", 413),
  });
  const site = new URL(env.PUBLIC_URL);
  app.post(TRAFFIC_BEACON_PATH, limitBeaconBody, (c) =>
    handleBeacon(c.req.raw, c.req.header(CLIENT_IP_HEADER) ?? "desconhecido", site),
  );

  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  const servePublicFile = serveStatic({
    root: clientDir,
    onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
  });
  // Looking for a page's address on disk was a file-system call on every page (issue 26, "The staff shell").
  app.use("*", (c, next) => (mayBePublicFile(c.req.path) ? servePublicFile(c, next) : next()));

  app.use(async (c, next) => {
    await next();
    // A page for a signed-in person, or any guarded page, is never kept by a cache.
    if (hasSessionCookie(c.req.raw) || isProtectedPath(new URL(c.req.url).pathname)) {
      c.res.headers.set("Cache-Control", "private, no-store");
    }
  });

  // A request that failed because the database is out of reach (PostgreSQL stopped, restarting, the network
  // down) answers 503 with a page that says so, within the pool's connection timeout, never a hang or the 500 of
  // a bug; the next request after it returns is served as usual (the pool connects again).
  // On PGlite the database is in this process and its files in DATA_DIR: a request that failed while that disk is
  // full or the folder cannot be written answers 503 with a page that says so (nothing of the request was kept,
  // the transaction rolled back), not the 500 of a bug.
  app.use(async (c, next) => {
    await next();
    if (c.res.status < 500 || c.res.status === 503) return;
    let page: string | null = null;
    if (databaseKind() === "postgres") page = (await isDatabaseReachable()) ? null : DATABASE_DOWN_PAGE;
    else {
      const problem = await dataFolderProblem(env.DATA_DIR);
      page = problem ? DATA_FOLDER_PAGES[problem] : null;
      if (problem) logger.error({ problem, dataDir: env.DATA_DIR }, "não foi possível gravar na pasta de dados");
    }
    if (!page) return;
    c.res = new Response(page, {
      status: 503,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  });

  app.on(["GET", "POST"], "/api/auth/*", async (c) => (await getAuth()).handler(c.req.raw));

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(cspNonceContext, c.get("isRenderingForCache") ? NONCE_PLACEHOLDER : (c.get("secureHeadersNonce") ?? ""));
    const response = await handleDocument(atPublicOrigin(c.req.raw, publicOrigin), context);
    // A post to a file or an export without a form (robots.txt, exportar.csv): React Router's own 405 is JSON.
    if (response.status === 405 && !isDataRequest(c.req.path) && !response.headers.get("content-type")?.startsWith("text/html")) {
      return c.html(METHOD_NOT_ALLOWED_PAGE, 405, { Allow: "GET, HEAD" });
    }
    return response;
  });
  return app;
}
