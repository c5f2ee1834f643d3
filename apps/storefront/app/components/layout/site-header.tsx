import { Flame, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { NavLink, Link, useLocation } from 'react-router';
import type { NavCategory, StoreView } from '../../lib/api/store.api';
import { storePath } from '../../lib/store-paths';
import { MiniCart } from '../cart/mini-cart';
import { PointsBalance } from '../loyalty/points-balance';
import { useFeature } from '../../lib/platform-config';
import { AccountMenu, SignOutButton } from './account-menu';
import { MarketSwitcher } from './market-switcher';

// The search form works as a plain GET form from the server's HTML; its script hydrates it when it
// arrives, so it is not part of every page's first scripts (docs/decisions/0067).
const SearchBox = lazy(() => import('../search/search-box').then((m) => ({ default: m.SearchBox })));

interface SiteHeaderProps {
  store: StoreView;
  stores: StoreView[];
  categories: NavCategory[];
}

/**
 * One row on every width: logo, account and cart, with the market, the points and "Log out" beside
 * them on wide screens and behind the menu button below 961 px (docs/decisions/0024). The
 * categories are a bar below that scrolls sideways on a phone and shows when more are hidden.
 */
export function SiteHeader({ store, stores, categories }: SiteHeaderProps) {
  const { t } = useTranslation();
  const code = store.store_code;
  const location = useLocation();
  const moreId = useId();
  const [open, setOpen] = useState(false);
  // The points link leads to the loyalty club, hidden where the platform configuration turns it off.
  const loyalty = useFeature('loyalty');
  const search = useFeature('search');

  // A navigation (a market, the points page, logging out) closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      document.getElementById(`${moreId}-button`)?.focus();
    }
  };

  return (
    <header className="site-header">
      <div className="site-header__bar" onKeyDown={onKeyDown}>
        <button
          id={`${moreId}-button`}
          type="button"
          className="site-header__menu-button icon-button"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
          <span className="visually-hidden">{t('layout.menu')}</span>
        </button>
        <Link to={storePath(code)} className="site-header__logo" aria-label={t('header.homeLink')}>
          <Flame aria-hidden="true" className="site-header__logo-mark" size={26} strokeWidth={2.25} />
          <span>Ember</span>
        </Link>
        {search && (
          <Suspense fallback={null}>
            <SearchBox store={code} />
          </Suspense>
        )}
        <div className="site-header__tools">
          <div id={moreId} className={`site-header__more${open ? ' site-header__more--open' : ''}`}>
            <MarketSwitcher current={store} stores={stores} />
            {loyalty && <PointsBalance store={code} />}
            <SignOutButton store={code} />
          </div>
          <AccountMenu store={code} />
          <MiniCart store={code} locale={store.locale} />
        </div>
      </div>
      <nav aria-label={t('header.mainNavigation')} className="site-nav">
        <ul>
          <li>
            <NavLink to={storePath(code, '/shop')} end>
              {t('header.shopAll')}
            </NavLink>
          </li>
          {categories.map((category) => (
            <li key={category.uid}>
              <NavLink to={storePath(code, `/shop/${category.url_key}`)}>{category.name}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to={storePath(code, '/faq')}>{t('header.faq')}</NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
