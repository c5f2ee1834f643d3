import { AppError } from '../../platform/errors.js';
import { escapeHtml } from '../../platform/html.js';
import type { Reader, Tx } from '../../platform/transaction.js';
import type { SearchDocument, SearchSource, SearchType } from './search.source.js';
import * as store from './search.store.js';

/**
 * The version of the documents the sources make: raising it rebuilds every source once (at the
 * next boot or job run), for a change in what a source indexes or how.
 */
export const SEARCH_INDEX_VERSION = 1;

export const SEARCH_MAX_TOKENS = 8;
export const SEARCH_MAX_QUERY = 100;

export interface SearchRequest {
  store: string;
  language: string;
  q: string;
  type: SearchType | null;
  page: number;
  perPage: number;
  highlight: boolean;
}

export interface SearchItem {
  type: SearchType;
  id: string;
  title: string;
  subtitle: string;
  url: string;
  image_url: string | null;
  /** With `highlight`: the title and an excerpt as HTML whose only markup is `<mark>`; otherwise the excerpt as plain text. */
  title_html: string | null;
  snippet: string;
}

export interface SearchResult {
  query: string;
  corrected_query: string | null;
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
  counts: Record<SearchType, number>;
  items: SearchItem[];
  suggestions: string[];
}

const TYPES: SearchType[] = ['product', 'article', 'faq', 'page'];

/** The words of a query as the index knows them: letters and digits, lower case. */
export function queryTokens(q: string): string[] {
  return (q.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((t) => t.slice(0, 40));
}


/**
 * Marked text from the database → safe HTML: everything is escaped, then the highlighter's
 * markers (control characters the index never holds) become `<mark>` and `</mark>`, balanced.
 */
export function markedToHtml(marked: string): string {
  let open = false;
  let out = '';
  // eslint-disable-next-line no-control-regex -- the markers are control characters by design
  for (const part of marked.split(/([\u0002\u0003\u0004])/)) {
    if (part === '\u0002') { if (!open) { out += '<mark>'; open = true; } } else if (part === '\u0003') { if (open) { out += '</mark>'; open = false; } } else if (part === '\u0004') { if (open) { out += '</mark>'; open = false; } out += ' … '; } else out += escapeHtml(part);
  }
  return open ? `${out}</mark>` : out;
}

/** The site search (docs/decisions/0067): the index, its upkeep from the owners' sources, and the query. */
export class SearchService {
  private readonly sources = new Map<string, SearchSource>();

  constructor(sources: readonly SearchSource[]) {
    for (const s of sources) this.register(s);
  }

  register(source: SearchSource): void {
    if (this.sources.has(source.name)) throw new Error(`search source ${source.name} registered twice`);
    this.sources.set(source.name, source);
  }

  get sourceNames(): string[] {
    return [...this.sources.keys()].sort();
  }

  /**
   * Rebuilds the sources whose data changed (marked by the owners' triggers), that were built by
   * another version, or all with `force`; sources another instance is rebuilding are skipped.
   * Answers the rebuilt sources' names.
   */
  async rebuild(tx: Tx, opts: { force?: boolean } = {}): Promise<string[]> {
    const states = await store.lockSources(tx, this.sourceNames);
    const rebuilt: string[] = [];
    for (const s of states) {
      if (!opts.force && !s.dirty && s.version === SEARCH_INDEX_VERSION) continue;
      const source = this.sources.get(s.name);
      if (!source) continue;
      await store.replaceDocuments(tx, source.name, (await source.documents(tx)).map(clean));
      await store.markBuilt(tx, source.name, SEARCH_INDEX_VERSION);
      rebuilt.push(s.name);
    }
    if (rebuilt.length) await store.rebuildWords(tx);
    return rebuilt;
  }

  /** A module's write transaction brings the named things of its source up to date at once. */
  async refresh(tx: Tx, sourceName: string, refs: readonly string[]): Promise<void> {
    const source = this.sources.get(sourceName);
    if (!source) throw new Error(`unknown search source ${sourceName}`);
    if (!refs.length) return;
    await store.replaceDocuments(tx, source.name, (await source.documents(tx, refs)).map(clean), refs);
  }

  async search(q: Reader, req: SearchRequest): Promise<SearchResult> {
    const raw = req.q.normalize('NFC').trim();
    const tokens = queryTokens(raw);
    if (!raw || tokens.join('').length < 2) throw new AppError('VALIDATION_FAILED', 'Enter at least two letters or digits to search for.');
    if (raw.length > SEARCH_MAX_QUERY || tokens.length > SEARCH_MAX_TOKENS) {
      throw new AppError('VALIDATION_FAILED', `A search may have at most ${SEARCH_MAX_TOKENS} words and ${SEARCH_MAX_QUERY} characters.`);
    }
    const row = await store.search(q, {
      store: req.store, language: req.language, tokens, raw: raw.toLowerCase(), type: req.type,
      limit: req.perPage, offset: (req.page - 1) * req.perPage, highlight: req.highlight,
    });
    const counts = Object.fromEntries(TYPES.map((t) => [t, row.counts?.[t] ?? 0])) as Record<SearchType, number>;
    const total = req.type ? counts[req.type] : TYPES.reduce((n, t) => n + counts[t], 0);
    const items = (row.items ?? []).map((h): SearchItem => ({
      type: h.type,
      id: h.ref,
      title: h.title,
      subtitle: h.subtitle,
      url: h.url,
      image_url: h.image_url,
      title_html: req.highlight && h.title_marked ? markedToHtml(h.title_marked) : null,
      snippet: req.highlight && h.snippet_marked ? markedToHtml(h.snippet_marked) : excerpt(h.body_start),
    }));
    const suggestions = total === 0
      ? [...new Set([...(row.corrected ? [row.corrected] : []), ...await store.similarTitles(q, req.store, req.language, raw.toLowerCase(), 4)])].slice(0, 5)
      : row.corrected && total < 3 ? [row.corrected] : [];
    return {
      query: raw,
      corrected_query: row.corrected,
      page: req.page,
      per_page: req.perPage,
      total,
      total_pages: Math.ceil(total / req.perPage),
      counts,
      items,
      suggestions,
    };
  }
}

// eslint-disable-next-line no-control-regex -- what is removed is control characters
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** The index never holds control characters: the highlighter's markers are some, so a source's text cannot forge them. */
function clean(doc: SearchDocument): SearchDocument {
  return {
    ...doc,
    title: doc.title.replace(CONTROL, ' ').trim().slice(0, 300) || doc.ref,
    subtitle: doc.subtitle.replace(CONTROL, ' ').trim(),
    body: doc.body.replace(CONTROL, ' ').trim(),
  };
}

/** The start of a body, cut at a word, for a result without highlighting. */
function excerpt(body: string): string {
  if (body.length < 200) return body;
  const cut = body.slice(0, 200);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 120))} …`;
}
