import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Catalogue pages are rendered on the server for search engines and a fast first paint.
  ssr: true,
  future: {
    // Route chunks stay whole: each clientLoader shares its page loader with the server.
    v8_splitRouteModules: false,
    v8_trailingSlashAwareDataRequests: true,
    // Not yet: loaders read the normalised request URL, and no route uses middleware.
    v8_passThroughRequests: false,
    v8_middleware: false,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
