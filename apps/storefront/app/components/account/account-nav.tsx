import { useTranslation } from 'react-i18next';
import { ACCOUNT_ROUTES, type AccountViewId } from '../../lib/account/account-routes';

/**
 * The account app's menu: plain hash links, so the browser's history, new tabs and the back
 * button work as on any other page.
 */
export function AccountNav({ current }: { current: AccountViewId }) {
  const { t } = useTranslation();
  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <ul>
        {ACCOUNT_ROUTES.map((route) => (
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
