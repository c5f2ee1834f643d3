// What the GraphQL plugin checks of a request before and around Mercurius (docs/decisions/0032).
import type { FastifyRequest } from 'fastify';
import { refuseNul } from '../platform/edge.js';
import { AppError } from '../platform/errors.js';
import { graphqlJs } from './graphql-js.js';

const { buildSchema, getNamedType, isInputObjectType, isNonNullType } = graphqlJs;

type Resolvers = Record<string, Record<string, unknown>>;
type Resolver = (parent: unknown, args: Record<string, unknown>, ctx: unknown, info: unknown) => unknown;

/**
 * Magento declares most mutations' `input` argument nullable, yet an input object with a required
 * field cannot be left out: such an argument, when absent, is refused as Magento refuses it
 * ("Required parameter ... is missing") before the resolver runs, so no resolver reads a field of
 * null. Derived from the schema, so a new mutation is covered without a line of its own. Only a
 * mutation's `input` (its payload): optional filters such as `pickupLocations(area:)` stay optional.
 */
export function requireInputObjects(resolvers: Resolvers, sdl: string): Resolvers {
  const mutation = buildSchema(sdl).getMutationType();
  if (!mutation || !resolvers[mutation.name]) return resolvers;
  const fields = { ...resolvers[mutation.name] };
  for (const field of Object.values(mutation.getFields())) {
    const resolve = fields[field.name];
    const input = field.args.find((a) => a.name === 'input' && !isNonNullType(a.type));
    const named = input && getNamedType(input.type);
    const required = isInputObjectType(named) && Object.values(named.getFields()).some((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    if (typeof resolve !== 'function' || !required) continue;
    fields[field.name] = ((parent, args, ctx, info) => {
      if (args.input === undefined || args.input === null) throw new AppError('BAD_REQUEST', 'Required parameter "input" is missing');
      return (resolve as Resolver)(parent, args, ctx, info);
    }) satisfies Resolver;
  }
  return { ...resolvers, [mutation.name]: fields };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function badEnvelope(message: string): never {
  throw new AppError('BAD_REQUEST', message);
}

/** Whether a source is JSON, which Mercurius would otherwise take for a syntax tree (no JSON text is a GraphQL document). */
function isJsonText(source: string): boolean {
  if (!/^\s*(?:[[{"\d-]|true|false|null)/.test(source)) return false;
  try {
    JSON.parse(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * A GraphQL request is a `query` string that is a GraphQL document, optional `variables` (an
 * object), `operationName` (a string) and `extensions` (an object); over GET, `variables` and
 * `extensions` are JSON text. Anything else is a 400 before Mercurius sees it.
 */
export function checkEnvelope(request: FastifyRequest): void {
  const get = request.method === 'GET' || request.method === 'HEAD';
  const raw = get ? request.query : request.body;
  if (!isPlainObject(raw)) badEnvelope('A GraphQL request must be a JSON object with a "query".');
  const { query, operationName } = raw;
  let { variables, extensions } = raw;
  if (typeof query !== 'string' || !query.trim()) badEnvelope('"query" must be a GraphQL document as a string.');
  if (isJsonText(query)) badEnvelope('"query" must be a GraphQL document, not JSON.');
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') badEnvelope('"operationName" must be a string.');
  if (get) {
    variables = parseJsonParam(variables, 'variables');
    extensions = parseJsonParam(extensions, 'extensions');
  }
  if (variables !== undefined && variables !== null && !isPlainObject(variables)) badEnvelope('"variables" must be an object.');
  if (extensions !== undefined && extensions !== null && !isPlainObject(extensions)) badEnvelope('"extensions" must be an object.');
  refuseNul(variables, 'variables');
}

function parseJsonParam(value: unknown, name: string): unknown {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') badEnvelope(`"${name}" must be given once, as JSON.`);
  try {
    return JSON.parse(value);
  } catch {
    return badEnvelope(`"${name}" must be JSON.`);
  }
}
