/**
 * The header through which the server (app/server/app.server.ts) hands the app the real client IP (from
 * the socket, or from TRUST_PROXY's header). Any copy sent by a client is
 * removed before a request gets past the server.
 */
export const CLIENT_IP_HEADER = "x-balcao-client-ip";

/** The client's address as the server set it; one shared key when it is missing (a test calling a handler directly). */
export function requestClientIp(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) ?? "desconhecido";
}
