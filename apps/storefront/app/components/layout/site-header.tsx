import { useTranslation } from 'react-i18next';
import { NavLink, Link } from 'react-router';
import type { NavCategory, StoreView } from '../../lib/api/store.api';
import { storePath } from '../../lib/store-paths';
import { MiniCart } from '../cart/mini-cart';
import { PointsBalance } from '../loyalty/points-balance';
import { AccountMenu } from './account-menu';
import { MarketSwitcher } from './market-switcher';

interface SiteHeaderProps {
  store: StoreView;
  stores: StoreView[];
  categories: NavCategory[];
}

export function SiteHeader({ store, stores, categories }: SiteHeaderProps) {
  const { t } = useTranslation();
  const code = store.store_code;
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={storePath(code)} className="site-header__logo" aria-label={t('header.homeLink')}>
          <span aria-hidden="true" className="site-header__logo-mark">◆</span>
          <span>Ember</span>
        </Link>
        <div className="site-header__tools">
          <MarketSwitcher current={store} stores={stores} />
          <PointsBalance store={code} />
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
