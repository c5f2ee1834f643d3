import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { storePath } from '../store-paths';
import { endSession, forgetSession } from './session';

/** Logs out: ends the session on the server, goes to the store's home page, then forgets the account data. */
export function useSignOut(store: string): { signOut: () => Promise<void>; isSigningOut: boolean; failed: boolean } {
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    setFailed(false);
    try {
      await endSession(store);
    } catch {
      setFailed(true);
      setSigningOut(false);
      return;
    }
    // Leave the account pages first, so they do not react to the ended session with a login redirect.
    await navigate(storePath(store));
    forgetSession();
    setSigningOut(false);
  }, [navigate, store]);
  return { signOut, isSigningOut, failed };
}
