import { OperatorSessionSchema, type OperatorSession } from '@ember/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, api, setCsrfToken } from './api';

export const SESSION_KEY = ['session'] as const;

export type EndReason = 'signed_out' | 'idle' | 'expired';
let endReason: EndReason | null = null;

/** Why the last session ended, for the sign-in page's notice (cleared by the next session). */
export function noteSessionEnd(reason: EndReason | null): void {
  endReason = reason;
}

/** The current operator session, or null when there is none (401). */
export async function fetchSession(): Promise<OperatorSession | null> {
  try {
    const session = await api.get('/admin/session', OperatorSessionSchema, { quiet401: true });
    setCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity, retry: false });
}

/** Puts a session the server just answered with in place (its CSRF token with it), or clears it. */
export function useSetSession() {
  const client = useQueryClient();
  return useCallback(
    (session: OperatorSession | null) => {
      setCsrfToken(session?.csrf_token ?? null);
      if (session) endReason = null;
      client.setQueryData(SESSION_KEY, session);
      if (!session) client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    },
    [client],
  );
}

/** Where a session at this stage continues. */
export function pathForStage(session: OperatorSession | null | undefined): string {
  if (!session) return endReason ? `/login?reason=${endReason}` : '/login';
  if (session.stage === 'enrol') return '/login/enrol';
  if (session.stage === 'totp') return '/login/totp';
  return '/';
}
