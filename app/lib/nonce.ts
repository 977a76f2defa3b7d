// The Content-Security-Policy nonce of the current document render. Set by app/entry.server.tsx
// on the server; undefined in the browser (scripts there are already trusted and running).
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
