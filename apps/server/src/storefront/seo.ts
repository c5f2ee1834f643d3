import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicBaseUrl, type Config } from '../config.js';
import type { Changes } from '../platform/changes.js';
import type { Db } from '../platform/db.js';
import { TtlCache } from '../platform/ttl-cache.js';
import type { Services } from '../services.js';
import type { StoreView } from '../modules/store/store.service.js';
import { contentPathsByStore, type ContentPath } from '../modules/content/content.sitemap.js';

export interface SeoPluginOptions {
  config: Config;
  db: Db;
  services: Pick<Services, 'stores' | 'catalog' | 'legal'>;
  /** The database's change announcements (platform/changes.ts). */
  changes?: Pick<Changes, 'on'>;
}

/** Pages other parts of the shop serve at fixed paths in every store view: the store locator and the flavour finder. */
const FIXED_PATHS = ['', '/shop', '/stores', '/flavor-finder', '/loyalty'];

/** What robots may not crawl: personal pages, search results, the APIs. */
const DISALLOWED = [
  '/*/cart', '/*/checkout', '/*/account', '/*/search', '/*/login', '/*/register', '/*/forgot-password', '/*/reset-password',
  '/*/leads/', '/*/loyalty/', '/*/referral', '/account', '/account-legacy', '/profile', '/api/', '/graphql', '/admin',
];

/** How long a robots.txt or sitemap may be reused by crawlers and proxies. */
const MAX_AGE_S = 3600;

/** How long this process keeps the sitemaps it made when it hears no change announcements. */
const KEEP_MS = 5 * 60_000;

/** One page of a store view with the same page in the store views of the other languages. */
interface SitemapEntry {
  loc: string;
  lastmod?: Date;
  alternates: { hreflang: string; href: string }[];
}

function xml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** A store view's locale (`de_CH`) as an hreflang value (`de-CH`). */
export function hreflangOf(view: Pick<StoreView, 'locale'>): string {
  return view.locale.replace('_', '-');
}

/**
 * robots.txt, the sitemap index and one sitemap per market (docs/decisions/0064). Every URL is made
 * of the configured public origin of its store view (PUBLIC_BASE_URL, PUBLIC_BASE_URLS), never of
 * the request's Host. Trial shops repeat their market's pages for invited customers and are left out.
 */
export async function seoPlugin(app: FastifyInstance, opts: SeoPluginOptions): Promise<void> {
  const { config, db, services } = opts;
  const origin = (code?: string) => publicBaseUrl(config, code);
  const cache = new TtlCache<Map<string, SitemapEntry[]>>(KEEP_MS, 2);

  const indexedViews = async () => (await services.stores.list()).filter((v) => !v.is_trial);

  /** Every public page of every indexed store view, with its hreflang alternates. */
  async function allPages(): Promise<Map<string, SitemapEntry[]>> {
    const views = await indexedViews();
    const content = await contentPathsByStore(db, views, services.legal);
    const paths = new Map<string, ContentPath[]>();
    for (const view of views) {
      const categories = (await services.catalog.categories(view)).filter((c) => c.parent_id !== null);
      const products = (await services.catalog.search(view, {
        visibleOnly: true, sort: { field: 'position', dir: 'ASC' }, limit: 10_000, offset: 0,
      })).items;
      paths.set(view.code, [
        ...FIXED_PATHS.map((path) => ({ path })),
        ...categories.map((c) => ({ path: `/shop/${c.url_key}` })),
        ...products.map((p) => ({ path: `/p/${p.url_key}` })),
        ...(content.get(view.code) ?? []),
      ]);
    }
    const has = new Map([...paths].map(([code, list]) => [code, new Set(list.map((p) => p.path))]));
    const out = new Map<string, SitemapEntry[]>();
    for (const view of views) {
      const url = (v: StoreView, path: string) => `${origin(v.code)}/${v.code}${path || '/'}`;
      out.set(view.code, paths.get(view.code)!.map(({ path, lastmod }) => ({
        loc: url(view, path),
        ...(lastmod ? { lastmod } : {}),
        alternates: views
          .filter((v) => v === view || (v.language !== view.language && has.get(v.code)!.has(path)))
          .map((v) => ({ hreflang: hreflangOf(v), href: url(v, path) })),
      })));
    }
    return out;
  }
  const pages = () => cache.through('all', allPages);

  // A change to the catalogue or the content is in the sitemaps within the cache's time.
  const send = (reply: FastifyReply, type: string, body: string) => reply
    .header('content-type', type)
    .header('cache-control', `public, max-age=${MAX_AGE_S}`)
    .send(body);

  app.get('/robots.txt', async (_request, reply) => {
    const views = await indexedViews();
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin()}/sitemap.xml`,
      ...views.map((v) => `Sitemap: ${origin(v.code)}/${v.code}/sitemap.xml`),
    ];
    return send(reply, 'text/plain; charset=utf-8', `${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const views = await indexedViews();
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...views.map((v) => `  <sitemap><loc>${xml(`${origin(v.code)}/${v.code}/sitemap.xml`)}</loc></sitemap>`),
      '</sitemapindex>',
    ];
    return send(reply, 'application/xml; charset=utf-8', `${body.join('\n')}\n`);
  });

  app.get<{ Params: { store: string } }>('/:store/sitemap.xml', async (request, reply) => {
    const entries = (await pages()).get(request.params.store);
    if (!entries) return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found\n');
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries.map((e) => [
        '  <url>',
        `    <loc>${xml(e.loc)}</loc>`,
        ...(e.lastmod ? [`    <lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>`] : []),
        ...e.alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${xml(a.hreflang)}" href="${xml(a.href)}"/>`),
        '  </url>',
      ].join('\n')),
      '</urlset>',
    ];
    return send(reply, 'application/xml; charset=utf-8', `${body.join('\n')}\n`);
  });

  // The sitemaps are made again after the catalogue, the content or the configuration changes.
  opts.changes?.on((tags) => {
    if (tags.has('catalog') || tags.has('content') || tags.has('config')) cache.clear();
  });
}
