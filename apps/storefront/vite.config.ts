import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { compactDocuments } from './scripts/compact-graphql.mjs';

const IMPORT = /(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * The app's own modules that the given route modules import at run time, directly or through
 * each other (type-only imports and route modules themselves left out): the code every page of
 * the shop runs, which the client build puts in one chunk.
 */
function staticImportClosure(appDir: string, entries: string[]): Set<string> {
  const found = new Set<string>();
  const routesDir = path.join(appDir, 'routes') + path.sep;
  const queue = entries.map((e) => path.join(appDir, e));
  const seen = new Set(queue);
  while (queue.length) {
    const file = queue.pop()!;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (match[1]) continue;
      const base = path.resolve(path.dirname(file), match[2]!);
      const resolved = EXTENSIONS.map((ext) => base + ext).find((p) => /\.(tsx?|json)$/.test(p) && existsSync(p));
      if (!resolved || seen.has(resolved)) continue;
      seen.add(resolved);
      if (!resolved.startsWith(routesDir)) found.add(resolved);
      if (/\.tsx?$/.test(resolved)) queue.push(resolved);
    }
  }
  return found;
}

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'app');
// What every page runs besides its own route: the document and the store's layout, and what the
// catalogue's pages share (product cards, the catalogue's queries, meta, text helpers): a few KB
// that came as up to eight more files, each a round trip and a kilobyte of headers. The contact
// page's form (react-hook-form), the legal pages (react-markdown) and everything only the account,
// club and checkout import stay out.
// A module only one of these pages imports (the listing's filters, the product page's gallery and
// bundle options) stays in that page's own chunk, which it loads anyway: the other pages do not
// carry it (docs/decisions/0045). The cart counts as one of them, so a module it shares with one
// catalogue page does not come as a file of its own. The blog's pages do not count: what they share with
// home (the link card) or the listing (pagination) comes as a small file of its own rather than with
// every page (docs/decisions/0063).
const PUBLIC_ROUTES = ['home', 'shop', 'product', 'discover', 'faq', 'not-found', 'cart'].map((r) => `routes/${r}.tsx`);
const layoutModules = staticImportClosure(appDir, ['root.tsx', 'routes/store-layout.tsx']);
const routeUses = new Map<string, number>();
for (const route of PUBLIC_ROUTES) {
  for (const file of staticImportClosure(appDir, [route])) routeUses.set(file, (routeUses.get(file) ?? 0) + 1);
}
for (const [file, uses] of routeUses) if (uses > 1) layoutModules.add(file);
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/**
 * Writes every GraphQL document (a gql`…` literal) compact in both builds, so the server's and the
 * browser's are the same text and no page script carries the documents' indentation: about 0.4 KB
 * of every page's first load (docs/decisions/0059). The client sent them collapsed anyway.
 */
function compactGraphqlDocuments(): Plugin {
  return {
    name: 'ember-compact-graphql-documents',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.tsx?$/.test(id.split('?')[0]!) || !code.includes('gql`')) return null;
      return compactDocuments(code);
    },
  };
}

// The React plugin stays out: the React Router plugin brings its own transform.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [compactGraphqlDocuments(), reactRouter()],
  build: {
    modulePreload: false,
    rolldownOptions: {
      // The contracts package only declares (error codes, zod schemas, money helpers), so a
      // module of it no page uses is dropped: public pages then ship without the account
      // schemas and zod, which only the account forms need.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id) },
      // A first visit loads the libraries and the layout as two files instead of some twenty
      // small ones (each a round trip on a phone); pages keep their own chunks, and the account
      // app's code stays out of both.
      output: isSsrBuild
        ? {}
        : {
            // Seven characters of hash (the fewest the bundler allows for this many chunks) instead of eight: every
            // import of a chunk names another chunk's file, and random characters do not compress.
            chunkFileNames: 'assets/[name]-[hash:7].js',
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                { name: 'storefront', test: (id: string) => layoutModules.has(id.split('?')[0]!), priority: 1 },
              ],
            },
          },
    },
  },
  resolve: {
    // Workspace packages resolve to their TypeScript source (see packages/contracts exports).
    conditions: ['source', ...defaultClientConditions],
  },
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions] },
    // Bundled, so the server build never reaches for the workspace package's dist.
    noExternal: ['@ember/contracts'],
  },
}));
