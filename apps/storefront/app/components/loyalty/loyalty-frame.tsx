import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, NavLink, useLocation } from 'react-router';
import { withReturnTo } from '../../lib/account/return-to';
import { useSession } from '../../lib/account/session';
import { useLoyaltyEnabled } from '../../lib/loyalty/loyalty-state';
import { storePath } from '../../lib/store-paths';

const PAGES = [
  ['', 'overview'],
  ['/account', 'account'],
  ['/blog', 'blog'],
  ['/points-history', 'history'],
  ['/redeem', 'redeem'],
  ['/pack-codes', 'packCodes'],
] as const;

/**
 * The loyalty club's frame: its navigation, and the states before a page can show anything
 * (loyalty off in this market, not signed in). `publicPage` pages (the blog) show to guests too.
 */
export function LoyaltyFrame({ store, title, children, publicPage = false }: { store: string; title: string; children: ReactNode; publicPage?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const { enabled, settled } = useLoyaltyEnabled(store);
  let body: ReactNode = children;
  if (session.status === 'pending' || !settled) body = <p role="status">{t('loyalty.loading')}</p>;
  else if (!enabled) body = <p className="loyalty-notice">{t('loyalty.unavailable')}</p>;
  else if (!publicPage && session.status !== 'signed-in') {
    body = (
      <div className="loyalty-notice">
        <p>{t('loyalty.signInFirst')}</p>
        <Link className="button" to={withReturnTo(storePath(store, '/login'), location.pathname)}>{t('header.logIn')}</Link>
      </div>
    );
  }
  return (
    <div className="loyalty-page">
      <header className="loyalty-page__header">
        {title !== t('loyalty.eyebrow') && <p className="loyalty-page__eyebrow">{t('loyalty.eyebrow')}</p>}
        <h1>{title}</h1>
      </header>
      <nav aria-label={t('loyalty.navigation')} className="loyalty-nav">
        <ul>
          {PAGES.map(([path, key]) => (
            <li key={key}>
              <NavLink to={storePath(store, `/loyalty${path}`)} end>{t(`loyalty.nav.${key}`)}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to={storePath(store, '/referral')}>{t('loyalty.nav.referral')}</NavLink>
          </li>
        </ul>
      </nav>
      <div className="loyalty-page__body">{body}</div>
    </div>
  );
}
