import { createContext, useContext } from 'react';

/** The stylesheet's text, set by entry.server; the browser has it in the document already. */
export const StylesheetContext = createContext<string | undefined>(undefined);

const STYLE_ID = 'ember-styles';

/**
 * The whole stylesheet in the document's head (about 8 KB compressed): the first paint needs no
 * second round trip for a render-blocking stylesheet (docs/decisions/0043). The browser's render
 * takes the text from the document, so hydration finds what the server wrote.
 */
export function InlineStylesheet() {
  const fromServer = useContext(StylesheetContext);
  const css = fromServer ?? (typeof document === 'undefined' ? '' : (document.getElementById(STYLE_ID)?.textContent ?? ''));
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
