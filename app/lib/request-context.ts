import { createContext } from "react-router";

/** Set by server.ts for each request: the nonce its CSP header allows. */
export const cspNonceContext = createContext<string>("");
