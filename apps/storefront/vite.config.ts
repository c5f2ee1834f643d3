import { constants as zlib } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// The React plugin stays out: the React Router plugin brings its own transform.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    reactRouter(),
    // The client build's text assets get .br and .gz siblings at their best levels, once, so the
    // server sends them compressed without spending CPU per request (docs/decisions/0028).
    // Files under 1 KB gain too little to be worth a second request path.
    !isSsrBuild &&
      compression({
        include: /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/,
        threshold: 1024,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
          defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION }),
        ],
        logLevel: 'silent',
      }),
  ],
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
