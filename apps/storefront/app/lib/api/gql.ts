/**
 * Marks a GraphQL document. Documents are plain literals without interpolations, so a test can
 * collect every one of them and validate it against the committed schema.
 */
export const gql = (s: TemplateStringsArray) => s.join('');
