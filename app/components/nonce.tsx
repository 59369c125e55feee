import { createContext, useContext } from "react";

/** The CSP nonce of this response (empty in the browser, which hides it). */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
