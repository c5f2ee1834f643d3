import { createContext, useContext } from 'react';

/** The per-request CSP nonce; set by entry.server, empty in the browser (scripts have run). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
