import type { Profile } from '@ember/contracts';
import { queryOptions, useQuery, type QueryClient } from '../api/query';
import { useParams } from 'react-router';
import { fetchProfile, isAccountApiError, logOut, validateSessionDetails } from '../api/account.api';
import { getBrowserQueryClient } from '../api/query-client';

/** The signed-in customer as the storefront shows them (spec §3 session user, without tokens). */
export interface SessionUser {
  uuid: string;
  firstname: string;
  lastname: string;
  email: string;
  isAgeVerified: boolean;
  /** A consent the customer gave has a newer text: the storefront asks for renewal first. */
  consentRenewalRequired: boolean;
  /** The customer has a registered device (spec §3 session user `is_device_registered`). */
  isDeviceRegistered: boolean;
}

export type SessionState =
  | { status: 'pending'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'signed-in'; user: SessionUser };

/** Every account query lives under this key, so signing out drops them together. */
export const ACCOUNT_QUERY_KEY = ['account'] as const;
export const SESSION_QUERY_KEY = ['account', 'session'] as const;
export const profileQueryKey = (uuid: string) => ['account', 'profile', uuid] as const;
export const addressesQueryKey = (uuid: string) => ['account', 'addresses', uuid] as const;
export const consentsQueryKey = (uuid: string) => ['account', 'consents', uuid] as const;

const SESSION_STALE_MS = 60_000;

export function toSessionUser(profile: Profile, consentRenewalRequired = false, isDeviceRegistered = false): SessionUser {
  return {
    consentRenewalRequired,
    isDeviceRegistered,
    uuid: profile.uuid,
    firstname: profile.personalInfo.firstname,
    lastname: profile.personalInfo.lastname,
    email: profile.personalInfo.email,
    isAgeVerified: profile.is_age_verified,
  };
}

/**
 * The cookie the server sets and clears with the httpOnly session cookie (`ember_signed_in`): it
 * tells script that a session cookie may be there, so an anonymous visitor's browser never asks the
 * server who is signed in. It proves nothing; the session check decides.
 */
const SIGNED_IN_HINT = 'ember_signed_in';

export function hasSignedInHint(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_HINT}=`));
}

/** A hint the server no longer backs (the session ended there): dropped, so the next page asks nothing. */
function forgetSignedInHint(): void {
  if (typeof document !== 'undefined') document.cookie = `${SIGNED_IN_HINT}=; Max-Age=0; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/**
 * Who the session cookie belongs to: validate, then the profile (kept in the cache for the
 * account pages). A session that ends between the two calls is simply no session.
 */
async function loadSessionUser(store: string, queryClient: QueryClient): Promise<SessionUser | null> {
  // Without the hint no session cookie was set in this browser: no one to ask about (decision 0055).
  if (!hasSignedInHint()) return null;
  const session = await validateSessionDetails(store);
  if (!session) {
    forgetSignedInHint();
    return null;
  }
  const { uuid } = session;
  try {
    const profile = await fetchProfile(store, uuid);
    queryClient.setQueryData(profileQueryKey(uuid), profile);
    return toSessionUser(profile, session.consentRenewalRequired, session.isDeviceRegistered);
  } catch (error) {
    if (isAccountApiError(error, 'UNAUTHORISED') || isAccountApiError(error, 'NOT_FOUND')) return null;
    throw error;
  }
}

export function sessionQuery(store: string) {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => loadSessionUser(store, getBrowserQueryClient()),
    staleTime: SESSION_STALE_MS,
    retry: false,
  });
}

/**
 * The session as seen from the browser. Pending on the server and during hydration, so pages
 * render the same anonymous markup there and switch once the browser knows.
 */
export function useSession(): SessionState {
  const store = useParams().store ?? '';
  const query = useQuery({ ...sessionQuery(store), enabled: typeof window !== 'undefined' });
  if (query.isPending) return { status: 'pending', user: null };
  if (query.data) return { status: 'signed-in', user: query.data };
  return { status: 'anonymous', user: null };
}

/** After a login: reads the new session before the next page, so it renders signed in. */
export async function refreshSession(store: string): Promise<SessionUser | null> {
  const queryClient = getBrowserQueryClient();
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'none' });
  return queryClient.fetchQuery({ ...sessionQuery(store), staleTime: 0 });
}

/** The session ended (signed out, or expired on the server): forget everything about the account. */
export function forgetSession(): void {
  const queryClient = getBrowserQueryClient();
  queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY, predicate: (q) => q.queryKey[1] !== 'session' });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}

/** Ends the session on the server; the caller navigates, then forgets it locally. */
export async function endSession(store: string): Promise<void> {
  try {
    await logOut(store);
  } catch (error) {
    // No session left on the server is the outcome we wanted.
    if (!isAccountApiError(error, 'UNAUTHORISED')) throw error;
  }
}
