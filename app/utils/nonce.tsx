import { createContext, useContext } from "react";

/* The CSP nonce of this response, for Remix's inline scripts. Empty in the browser. */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
