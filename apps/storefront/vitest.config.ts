import { defineConfig } from 'vitest/config';

// Unit tests of the storefront's logic (no DOM, no React Router plugin); workspace packages
// resolve to their TypeScript sources as in the app's build.
const ssr = { resolve: { conditions: ['source'], externalConditions: [] as string[] } };

export default defineConfig({
  ssr,
  resolve: { conditions: ['source'] },
  test: {
    name: 'storefront',
    include: ['app/**/*.test.ts'],
    environment: 'node',
  },
});
