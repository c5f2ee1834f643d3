import { defineConfig } from 'vitest/config';

// Unit tests of the console's pure helpers (no DOM); the contracts resolve to their sources.
const ssr = { resolve: { conditions: ['source'], externalConditions: [] as string[] } };

export default defineConfig({
  ssr,
  resolve: { conditions: ['source'] },
  test: {
    name: 'console',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
