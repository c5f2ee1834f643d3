import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ACCOUNT_ROUTES, type AccountViewId } from '../../lib/account/account-routes';

/**
 * The account app's menu: plain hash links, so the browser's history, new tabs and the back
 * button work as on any other page. Beside the view on wide screens; on a phone a button naming
 * the current view opens the list above it (docs/decisions/0024).
 */
export function AccountNav({ current }: { current: AccountViewId }) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const currentRoute = ACCOUNT_ROUTES.find((route) => route.view === current);

  // Choosing a view closes the list.
  useEffect(() => setOpen(false), [current]);

  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <button
        type="button"
        className="account-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>
          <span className="account-nav__toggle-label">{t('layout.accountMenu')}</span>
          {currentRoute && <span className="account-nav__current">{t(`account.nav.${currentRoute.view}`)}</span>}
        </span>
        <ChevronDown aria-hidden="true" size={20} className="account-nav__chevron" />
      </button>
      <ul id={listId} className={open ? 'account-nav__list account-nav__list--open' : 'account-nav__list'}>
        {ACCOUNT_ROUTES.filter((route) => !route.hidden).map((route) => (
          <li key={route.view}>
            <a href={`#/${route.path}`} aria-current={route.view === current ? 'page' : undefined}>
              {t(`account.nav.${route.view}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
