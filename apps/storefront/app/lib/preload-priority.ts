import { Transform } from 'node:stream';

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = '</head>';

/**
 * The document's stream with its module preloads (React Router's `<Scripts>`, hoisted into the
 * head) asking for low priority. No script is needed for the first paint: the page is complete
 * HTML with its stylesheet inline, and the age gate shows before hydration. At the default high
 * priority the scripts (some 130 KB) share a phone's bandwidth with the document and the largest
 * picture; at low priority those go first (docs/decisions/0043). `<Scripts>` sets no attribute on
 * its preloads, so they are marked here, in the head only. Bytes are read as latin1, which maps
 * each byte to one character, so UTF-8 text passes through unchanged whatever the chunking.
 * `beforeHeadEnd` (ASCII) goes in just before `</head>` (the error-reporting snippet).
 */
export function lowPriorityModulePreloads(beforeHeadEnd = ''): Transform {
  let pending = '';
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      const text = pending + chunk.toString('latin1');
      pending = '';
      const end = text.indexOf(HEAD_END);
      if (end >= 0) {
        inHead = false;
        return callback(null, Buffer.from(text.slice(0, end).replaceAll(PRELOAD, LOW_PRELOAD) + beforeHeadEnd + text.slice(end), 'latin1'));
      }
      // A tag cut by the chunk's end waits for the next chunk.
      const lastTag = text.lastIndexOf('<');
      const cut = lastTag >= 0 && text.length - lastTag < PRELOAD.length ? lastTag : text.length;
      pending = text.slice(cut);
      callback(null, Buffer.from(text.slice(0, cut).replaceAll(PRELOAD, LOW_PRELOAD), 'latin1'));
    },
    flush(callback) {
      callback(null, pending ? Buffer.from(inHead ? pending.replaceAll(PRELOAD, LOW_PRELOAD) : pending, 'latin1') : null);
    },
  });
}
