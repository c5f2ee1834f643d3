import { useNonce } from '../../lib/nonce';

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Schema.org data for search engines in a JSON-LD script. It carries the document's nonce like its
 * other inline scripts; a cached page allows it by its hash like them (docs/decisions/0042). A page
 * may hand over the text its server loader made (`json`), so the browser never loads the code.
 */
export function StructuredData({ data, json }: { data?: Record<string, unknown>; json?: string }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json ?? jsonLd(data) }} />;
}
