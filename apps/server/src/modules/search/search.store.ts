import type { Reader, Tx } from '../../platform/transaction.js';
import type { SearchDocument, SearchType } from './search.source.js';

/** The search module's records: only this file runs SQL on search_* tables. */

export interface SourceState { name: string; dirty: boolean; version: number }

/** Registers the sources (new ones start dirty) and locks those no other instance is rebuilding. */
export async function lockSources(tx: Tx, names: readonly string[]): Promise<SourceState[]> {
  await tx.query(
    `INSERT INTO search_source (name, dirty_at) SELECT unnest($1::text[]), now() ON CONFLICT (name) DO NOTHING`,
    [[...names]],
  );
  const { rows } = await tx.query<SourceState>(
    `SELECT name, dirty_at IS NOT NULL AS dirty, version FROM search_source
      WHERE name = ANY($1::text[]) ORDER BY name FOR UPDATE SKIP LOCKED`,
    [[...names]],
  );
  return rows;
}

export async function markBuilt(tx: Tx, name: string, version: number): Promise<void> {
  await tx.query(`UPDATE search_source SET dirty_at = NULL, version = $2, built_at = now() WHERE name = $1`, [name, version]);
}

/**
 * Makes the index hold exactly `docs` for the source (or, with `refs`, for those refs): changed rows
 * are rewritten, unchanged ones left alone, missing ones dropped. Answers how many rows changed.
 */
export async function replaceDocuments(tx: Tx, source: string, docs: readonly SearchDocument[], refs?: readonly string[]): Promise<number> {
  const col = <K extends keyof SearchDocument>(k: K) => docs.map((d) => d[k]);
  const upserted = docs.length
    ? (await tx.query(
      `INSERT INTO search_document (source, ref, store_code, language, type, title, subtitle, body, url, image_url)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
       ON CONFLICT (source, ref, store_code, language) DO UPDATE
         SET type = EXCLUDED.type, title = EXCLUDED.title, subtitle = EXCLUDED.subtitle, body = EXCLUDED.body,
             url = EXCLUDED.url, image_url = EXCLUDED.image_url
       WHERE (search_document.type, search_document.title, search_document.subtitle, search_document.body, search_document.url, search_document.image_url)
             IS DISTINCT FROM (EXCLUDED.type, EXCLUDED.title, EXCLUDED.subtitle, EXCLUDED.body, EXCLUDED.url, EXCLUDED.image_url)`,
      [source, col('ref'), col('store_code'), col('language'), col('type'), col('title'), col('subtitle'), col('body'), col('url'), col('image_url')],
    )).rowCount ?? 0
    : 0;
  const keys = docs.map((d) => `${d.ref}\u0001${d.store_code}\u0001${d.language}`);
  const removed = (await tx.query(
    `DELETE FROM search_document
      WHERE source = $1 AND ($3::text[] IS NULL OR ref = ANY($3::text[]))
        AND NOT (ref || chr(1) || store_code || chr(1) || language = ANY($2::text[]))`,
    [source, keys, refs ? [...refs] : null],
  )).rowCount ?? 0;
  return upserted + removed;
}

/** The vocabulary typos are corrected against: every word of three letters or more of each store view's documents. */
export async function rebuildWords(tx: Tx): Promise<void> {
  await tx.query(`SELECT 1 FROM search_source WHERE name = 'words' FOR UPDATE`);
  await tx.query(`DELETE FROM search_word`);
  await tx.query(
    `INSERT INTO search_word (store_code, language, word)
     SELECT DISTINCT store_code, language, w
       FROM search_document, regexp_split_to_table(lower(title || ' ' || subtitle || ' ' || body), '[^[:alnum:]]+') AS w
      WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
     ON CONFLICT DO NOTHING`,
  );
}

export interface SearchHitRow {
  source: string;
  ref: string;
  type: SearchType;
  title: string;
  subtitle: string;
  url: string;
  image_url: string | null;
  title_marked: string | null;
  snippet_marked: string | null;
  body_start: string;
}

export interface SearchAnswerRow {
  items: SearchHitRow[] | null;
  counts: Record<string, number> | null;
  corrected: string | null;
}

/**
 * One statement: each word of the query is also tried as the closest known word (pg_trgm), the
 * last as a prefix; documents matching every word are ranked by where they match (name, subtitle,
 * body) and how closely the name resembles the query. Marked text uses control characters the
 * index never holds (search.text.ts), so the caller can escape everything else.
 */
export async function search(q: Reader, p: {
  store: string; language: string; tokens: readonly string[]; raw: string; type: SearchType | null;
  limit: number; offset: number; highlight: boolean;
}): Promise<SearchAnswerRow> {
  const { rows } = await q.query<SearchAnswerRow>(
    `WITH cfg AS (SELECT CASE WHEN $2 = 'de' THEN 'german'::regconfig ELSE 'english'::regconfig END AS c),
     -- Each word once: whether the vocabulary knows it (as a word or the start of one), else its closest known word.
     words AS MATERIALIZED (
       SELECT t.token, t.ord, EXISTS (
                SELECT 1 FROM search_word w WHERE w.store_code = $1 AND w.language = $2 AND w.word LIKE t.token || '%') AS known
         FROM unnest($3::text[]) WITH ORDINALITY AS t(token, ord)
     ),
     tok AS MATERIALIZED (
       SELECT words.token, words.ord, f.word AS fix
         FROM words LEFT JOIN LATERAL (
                SELECT w.word FROM search_word w
                 WHERE NOT words.known AND w.store_code = $1 AND w.language = $2 AND w.word % words.token
                 ORDER BY similarity(w.word, words.token) DESC, w.word LIMIT 1) f ON true
     ),
     query AS (
       SELECT to_tsquery(cfg.c, string_agg(
                '(' || tok.token || CASE WHEN tok.ord = cardinality($3::text[]) THEN ':*' ELSE '' END
                    || CASE WHEN tok.fix IS NOT NULL THEN ' | ' || tok.fix ELSE '' END || ')',
                ' & ' ORDER BY tok.ord)) AS tsq,
              CASE WHEN bool_or(tok.fix IS NOT NULL) THEN string_agg(COALESCE(tok.fix, tok.token), ' ' ORDER BY tok.ord) END AS corrected,
              -- What the names are compared with: the query, its misspelt words replaced.
              string_agg(COALESCE(tok.fix, tok.token), ' ' ORDER BY tok.ord) AS wanted,
              cfg.c
         FROM tok, cfg GROUP BY cfg.c
     ),
     hits AS (
       SELECT d.source, d.ref, d.type, d.title, d.subtitle, d.body, d.url, d.image_url,
              ts_rank(d.tsv, query.tsq, 1) + 0.3 * word_similarity(query.wanted, d.names) + 0.5 * similarity(query.wanted, lower(d.title))
              + CASE WHEN lower(d.title) = $4 THEN 1 WHEN starts_with(lower(d.title), $4) THEN 0.2 ELSE 0 END AS score
         FROM search_document d, query
        WHERE d.store_code = $1 AND d.language = $2 AND d.tsv @@ query.tsq
     ),
     page AS (
       SELECT * FROM hits WHERE $5::text IS NULL OR type = $5
        ORDER BY score DESC, title, ref LIMIT $6 OFFSET $7
     )
     SELECT
       (SELECT json_agg(json_build_object(
           'source', p.source, 'ref', p.ref, 'type', p.type, 'title', p.title, 'subtitle', p.subtitle, 'url', p.url, 'image_url', p.image_url,
           'title_marked', CASE WHEN $8 THEN ts_headline(query.c, p.title, query.tsq, 'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', HighlightAll=true') END,
           'snippet_marked', CASE WHEN $8 THEN ts_headline(query.c, p.body, query.tsq, 'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=' || chr(4)) END,
           'body_start', left(p.body, 240)
         ) ORDER BY p.score DESC, p.title, p.ref) FROM page p, query) AS items,
       (SELECT json_object_agg(type, n) FROM (SELECT type, count(*)::int AS n FROM hits GROUP BY type) c) AS counts,
       (SELECT corrected FROM query) AS corrected`,
    [p.store, p.language, [...p.tokens], p.raw, p.type, p.limit, p.offset, p.highlight],
  );
  return rows[0] ?? { items: null, counts: null, corrected: null };
}

/** Names close to what was asked, for a search that found nothing. */
export async function similarTitles(q: Reader, store: string, language: string, raw: string, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ title: string }>(
    `SELECT title FROM (
       SELECT DISTINCT ON (title) title, word_similarity($3, names) AS s FROM search_document
        WHERE store_code = $1 AND language = $2 AND type = 'product' AND word_similarity($3, names) >= 0.3
        ORDER BY title, s DESC) t
      ORDER BY s DESC, title LIMIT $4`,
    [store, language, raw, limit],
  );
  return rows.map((r) => r.title);
}

/** Rows of the index (tests and the reindex command's report). */
export async function countDocuments(q: Reader, source?: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM search_document WHERE $1::text IS NULL OR source = $1`, [source ?? null]);
  return rows[0]?.n ?? 0;
}
