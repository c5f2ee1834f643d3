import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { compactDocument, compactDocuments } from '../../../scripts/compact-graphql.mjs';

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every gql`…` literal of the app's sources. */
function documents(): string[] {
  const files = readdirSync(app, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
  return files.flatMap((f) => [...readFileSync(path.join(app, f), 'utf8').matchAll(/\bgql`([^`]*)`/g)].map((m) => m[1]!));
}

describe('compact GraphQL documents, as the build writes them', () => {
  it('say exactly what the written documents say, on one line without indentation', () => {
    const all = documents();
    expect(all.length).toBeGreaterThan(20);
    for (const document of all) {
      const compact = compactDocument(document);
      expect(print(parse(compact))).toBe(print(parse(document)));
      expect(compact).not.toMatch(/\s{2}|\n/);
      expect(compact.length).toBeLessThan(document.length);
    }
  });

  it('are what a module\'s gql literals become, the rest of the module untouched', () => {
    const module = 'export const Q = operation(\'Q\', gql`\n  query Q {\n    a { b }\n  }\n`);\nconst other = `  spaced  `;';
    expect(compactDocuments(module)).toBe('export const Q = operation(\'Q\', gql`query Q{a{b}}`);\nconst other = `  spaced  `;');
  });

  it('keeps a string value as written', () => {
    expect(compactDocument('query { categories(filters: { url_key: { eq: "a : b" } }) { items { uid } } }'))
      .toBe('query { categories(filters: { url_key: { eq: "a : b" } }) { items { uid } } }');
    expect(compactDocument('query Q($k: String!) {\n  products(filter: { url_key: { eq: $k } }) {\n    items { ... on SimpleProduct { sku } }\n  }\n}'))
      .toBe('query Q($k:String!){products(filter:{url_key:{eq:$k}}){items{...on SimpleProduct{sku}}}}');
  });
});
