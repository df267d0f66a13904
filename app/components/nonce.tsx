import { createContext, useContext } from "react";

// The server renders with the response's CSP nonce; in the browser the value is not needed
// (nonces are hidden from the DOM), so the client renders with an empty string.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
