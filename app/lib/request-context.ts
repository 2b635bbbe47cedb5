import { createContext } from "react-router";
import { singleton } from "./singleton.server";

/**
 * Set by server.ts for each request: the nonce its CSP header allows. A
 * singleton because server.ts and the server build each load their own copy
 * of this module, and a context is matched by identity: two copies meant the
 * page never saw the nonce and the CSP blocked its scripts.
 */
export const cspNonceContext = singleton("csp-nonce-context", () => createContext<string>(""));
