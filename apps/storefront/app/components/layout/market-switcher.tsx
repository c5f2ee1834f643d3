import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from 'react-router';
import type { StoreView } from '../../lib/api/store.api';
import { languageTag } from '../../lib/locale';
import { switchStorePath } from '../../lib/store-paths';

/**
 * Market and language switcher: a disclosure listing every store view, each link pointing at
 * the current page in that store. Plain links, so it works before hydration too.
 */
export function MarketSwitcher({ current, stores }: { current: StoreView; stores: StoreView[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <details className="market-switcher" key={current.store_code}>
      <summary>
        <span className="visually-hidden">{t('header.marketSwitcher')} </span>
        <Globe className="market-switcher__globe" aria-hidden="true" size={18} />
        <span>{current.store_name}</span>
        <ChevronDown className="market-switcher__chevron" aria-hidden="true" size={16} />
      </summary>
      <nav aria-label={t('header.markets')}>
        <ul>
          {stores.map((store) => (
            <li key={store.store_code}>
              <Link
                to={switchStorePath(location.pathname, location.search, store.store_code)}
                hrefLang={languageTag(store.locale)}
                lang={languageTag(store.locale)}
                aria-current={store.store_code === current.store_code ? 'true' : undefined}
              >
                {store.store_name}
                <span className="market-switcher__currency"> · {store.base_currency_code}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
