/**
 * Marks a GraphQL document. Documents are plain literals without interpolations, so a test can
 * collect every one of them and validate it against the committed schema.
 */
export const gql = (s: TemplateStringsArray) => s.join('');

/**
 * Appends shared fragment literals to a document that spreads them. The schema test resolves a
 * document's fragment spreads from the fragment literals the same way.
 */
export const withFragments = (document: string, ...fragments: string[]) => [document, ...fragments].join('\n');
