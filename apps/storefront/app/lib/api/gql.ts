import type { Operations } from './graphql.generated';

/**
 * Marks a GraphQL document. Documents are plain literals without interpolations, so graphql-codegen
 * and the schema test can collect every one of them and check it against the committed schema, and
 * the build can write them compact (scripts/compact-graphql.mjs).
 */
export const gql = (s: TemplateStringsArray) => s.join('');

/**
 * Appends shared fragment literals to a document that spreads them. The schema test resolves a
 * document's fragment spreads from the fragment literals the same way.
 */
export const withFragments = (document: string, ...fragments: string[]) => [document, ...fragments].join('\n');

declare const resultType: unique symbol;
declare const variablesType: unique symbol;

/** A document text that carries its operation's generated result and variables types. */
export type TypedDocument<TResult, TVariables> = string & {
  readonly [resultType]: TResult;
  readonly [variablesType]: TVariables;
};

/** The document type of an operation, by its name in the documents (`graphql.generated.ts`). */
export type DocumentOf<N extends keyof Operations> = TypedDocument<Operations[N]['result'], Operations[N]['variables']>;

/**
 * Types a document by its operation's name: a request with it takes the generated variables type
 * and answers the generated result type. The schema test holds the name to the literal's operation.
 */
export const operation = <N extends keyof Operations>(_name: N, document: string): DocumentOf<N> => document as DocumentOf<N>;
