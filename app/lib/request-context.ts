import { createContext } from "react-router";

/** Set by the server (app/server/app.server.ts) for each request: the nonce its CSP header allows. */
export const cspNonceContext = createContext<string>("");
