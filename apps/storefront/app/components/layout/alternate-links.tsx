import { useLocation, useMatches } from 'react-router';
import type { StoreView } from '../../lib/api/store.api';
import { hreflangAlternates } from '../../lib/seo';

/** What a page's loader may say about where it exists: the store views that show the same page. */
interface AlternatesData {
  alternateStores?: string[];
}

/**
 * The page's `<link rel="alternate" hreflang>` tags (React places them in the head): the same path
 * in the store views of the other languages, or in those the page's loader names. None on the
 * not-found page or a failed one. Rendered on the server only: crawlers read the document, and the
 * public pages' scripts stay within their budget (docs/decisions/0064); React keeps head elements
 * it did not render in the browser.
 */
export function AlternateLinks({ store, stores }: { store: StoreView; stores: StoreView[] }) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const page = matches[matches.length - 1];
  // A page without data (it failed, or it has no loader: the account's) has no alternates.
  if (!page || page.id === 'routes/not-found' || page.data == null) return null;
  const only = (page.data as AlternatesData | undefined)?.alternateStores;
  const path = pathname.split('/').slice(2).join('/');
  return (
    <>
      {hreflangAlternates(store, stores, `/${path}`, only).map((a) => (
        <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
      ))}
    </>
  );
}
