/* global module */
/**
 * A graphql-codegen plugin: one interface naming every operation of the documents with its
 * generated result and variables types, so a document is typed by its operation's name.
 */
module.exports = {
  plugin(_schema, documents) {
    const suffix = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };
    const lines = [];
    for (const { document } of documents) {
      for (const d of document?.definitions ?? []) {
        if (d.kind !== 'OperationDefinition' || !d.name) continue;
        const type = d.name.value + suffix[d.operation];
        lines.push(`  ${d.name.value}: { result: ${type}; variables: ${type}Variables };`);
      }
    }
    lines.sort();
    return ['/** Every operation of the documents: its result and variables types. */', 'export interface Operations {', ...lines, '}', ''].join('\n');
  },
};
