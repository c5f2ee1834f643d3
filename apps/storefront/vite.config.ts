import { reactRouter } from '@react-router/dev/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// The React plugin stays out: the React Router plugin brings its own transform.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    // Workspace packages resolve to their TypeScript source (see packages/contracts exports).
    conditions: ['source', ...defaultClientConditions],
  },
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions] },
    // Bundled, so the server build never reaches for the workspace package's dist.
    noExternal: ['@ember/contracts'],
  },
});
