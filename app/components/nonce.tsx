import { createContext, useContext } from "react";

/** The CSP nonce of the current server render (empty in the browser). */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
