import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceContext } from "~/components/nonce";
import { logger } from "~/lib/logger.server";
import { cspNonceContext } from "~/lib/request-context";
import { FlushedHtml } from "~/server/flushed-html.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);
  const userAgent = request.headers.get("user-agent");
  // Crawlers get the whole page at once; people get the shell as soon as it is ready.
  const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const html = new FlushedHtml(() => clearTimeout(timeout));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(html.body, { headers: responseHeaders, status: responseStatusCode }));
          pipe(html);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "erro ao renderizar a página");
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and refusals the app meant (403, 404, 405…) are not server errors.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "erro no servidor");
}
