import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import de from './i18n/de.json';
import en from './i18n/en.json';
import { addCatalogue } from './i18n/i18n';
import { StylesheetContext } from './lib/document-styles';
import { NonceContext } from './lib/nonce';
import { lowPriorityModulePreloads } from './lib/preload-priority';
import { reportingSnippet } from './lib/error-reporting/snippet';
import stylesheet from './styles.css?inline';

// The server renders every language; a browser fetches only its page's (i18n.ts).
addCatalogue('en', en);
addCatalogue('de', de);

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry plus five things: the request's CSP nonce on every inline
 * script, the stylesheet for the document's head, module preloads at low priority, a charset on
 * the content type, and whole documents for the server's page cache; with a DSN configured, the
 * head also carries the error-reporting snippet (lib/error-reporting).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
    // So does a page the server keeps for everyone (loadContext.wholeDocument).
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.wholeDocument ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={stylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const document = lowPriorityModulePreloads(reportingSnippet(loadContext.browserReporting, nonce));
          pipe(document);
          document.pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          loadContext.onRenderError?.();
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
