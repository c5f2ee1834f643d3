/*
 * The visitor's country by their address (`/api/location`, docs/decisions/0065), asked once per
 * browser and kept: the market suggestion and the tracking's page view (docs/decisions/0072) share
 * the one answer and the one request.
 */

/** Where this browser keeps its one answer (the suggested store view, or none) and whether it was dismissed. */
const KEY = 'ember.marketSuggestion';

export interface VisitorLocation {
  store: string | null;
  /** Two letters, named in the page's language when shown. */
  code?: string | null;
  /** The name the server gave, in the language of the page that asked: shown where the browser cannot name the code. */
  country: string | null;
  dismissed: boolean;
}

export function keptLocation(): VisitorLocation | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as VisitorLocation) : null;
  } catch {
    return null;
  }
}

export function keepLocation(value: VisitorLocation): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage may be off: the answer is then asked again on the next page, never an error.
  }
}

let asking: Promise<VisitorLocation | null> | null = null;

/** The kept answer, or one request for it (shared by everyone asking meanwhile); a failure settles as null and is not kept. */
export function locateVisitor(store: string): Promise<VisitorLocation | null> {
  const kept = keptLocation();
  if (kept) return Promise.resolve(kept);
  asking ??= fetch('/api/location', { headers: { accept: 'application/json', store }, signal: AbortSignal.timeout(5000) })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`location ${r.status}`))))
    .then((body: { country?: { iso_code?: string; name?: string; suggested_store_code?: string | null } | null } | null) => {
      const value = {
        store: body?.country?.suggested_store_code ?? null, code: body?.country?.iso_code ?? null, country: body?.country?.name ?? null, dismissed: false,
      };
      keepLocation(value);
      return value;
    })
    .catch(() => null)
    // Settled: from now on the kept answer speaks, or a failure is asked again.
    .finally(() => {
      asking = null;
    });
  return asking;
}
