import { Transform } from 'node:stream';

/**
 * The page's script starts loading only after the browser has painted the server's HTML
 * (docs/decisions/0043). The document is complete without script: its stylesheet is inline and
 * the age gate shows before hydration. Loaded from the head, the scripts (some 130 KB) and the
 * catalogue share a phone's bandwidth with the document and its largest picture, and a browser
 * may run them before painting at all.
 *
 * React Router's `<Scripts>` writes module preloads (hoisted into the head) and one inline module
 * script that imports the route modules; it takes no attribute for either. The document's stream
 * is therefore rewritten: a module preload becomes an inert `<link data-after-paint>`, the module
 * script an inert `<script type="text/plain" data-after-paint>`. After the first paint
 * `afterPaintScript` (./after-paint.ts, rendered by root's Layout after `<Scripts>`) makes them live again.
 * Bytes are read as latin1, which maps each byte to one character, so UTF-8 text passes through
 * unchanged whatever the chunking.
 */
const PRELOAD = '<link rel="modulepreload"';
const INERT_PRELOAD = '<link data-after-paint="modulepreload"';
// A page rendered for one request carries its nonce first: `<script nonce="…" type="module"`.
const MODULE_SCRIPT = /<script((?: nonce="[^"<>]*")?) type="module"/g;
// Longer than any tag start rewritten here, so a chunk's end never cuts one unseen.
const LONGEST = 120;

function rewrite(text: string): string {
  return text.replaceAll(PRELOAD, INERT_PRELOAD).replace(MODULE_SCRIPT, '<script$1 type="text/plain" data-after-paint="module"');
}

export function scriptsAfterPaint(): Transform {
  let pending = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + chunk.toString('latin1');
      // A tag cut by the chunk's end waits for the next chunk.
      const lastTag = text.lastIndexOf('<');
      const cut = lastTag >= 0 && text.length - lastTag < LONGEST ? lastTag : text.length;
      pending = text.slice(cut);
      callback(null, Buffer.from(rewrite(text.slice(0, cut)), 'latin1'));
    },
    flush(callback) {
      callback(null, pending ? Buffer.from(rewrite(pending), 'latin1') : null);
    },
  });
}
