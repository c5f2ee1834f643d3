import { createRequire } from 'node:module';

/**
 * graphql-js ships CommonJS and ESM builds; Mercurius loads the CommonJS one. Our rules and error
 * checks must use the same copy, or `instanceof GraphQLError` and type checks silently fail.
 */
const require = createRequire(import.meta.url);
export const graphqlJs = require('graphql') as typeof import('graphql');
