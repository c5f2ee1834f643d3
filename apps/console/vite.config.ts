import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The operator console: a client-rendered single-page app served by the shop's server under
 * `/console` (apps/server/src/console). Hashed assets in `dist/assets`, one `index.html` with no
 * inline script, so the page runs under a policy of `script-src 'self'`.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  // Workspace packages (the shared contracts) from their TypeScript sources, as the storefront does.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // No inline module preload polyfill: the page's policy allows no inline script.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    // React, the router, zod and i18next make the first chunk; each area loads as its own.
    chunkSizeWarningLimit: 700,
  },
});
