import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the "source" export condition.
const ssr = { resolve: { conditions: ['source'], externalConditions: [] as string[] } };

export default defineConfig({
  ssr,
  test: {
    // One database per worker; two workers match the machine's two cores.
    maxWorkers: 2,
    projects: [
      {
        ssr,
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      // The storefront's own logic tests (returnTo, hash routes, forms), with its own config.
      'apps/storefront/vitest.config.ts',
      // The console's pure helpers (list state, exports, coupon values, catalogues), with its own config.
      'apps/console/vitest.config.ts',
      {
        ssr,
        test: {
          name: 'int',
          include: ['apps/server/src/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
    ],
  },
});
