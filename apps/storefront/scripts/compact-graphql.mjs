// GraphQL documents as the build writes them (vite.config.ts): one line, without the spaces no
// GraphQL token needs, so page scripts do not carry the documents' indentation (docs/decisions/0059).
// The client collapsed whitespace before sending anyway.

/**
 * A document on one line. One with a string value keeps its spaces around punctuation, so the
 * string reads as written.
 * @param {string} document
 * @returns {string}
 */
export function compactDocument(document) {
  const line = document.replace(/\s+/g, ' ').trim();
  return line.includes('"') ? line : line.replace(/ ?([{}()[\]:,!=@$]|\.\.\.) ?/g, '$1');
}

/**
 * Every gql`…` literal of a module's source, compact.
 * @param {string} code
 * @returns {string}
 */
export function compactDocuments(code) {
  return code.replace(/\bgql`([^`]*)`/g, (_, document) => `gql\`${compactDocument(document)}\``);
}
