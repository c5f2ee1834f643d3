import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/account/session';
import { accountPath, withReturnTo } from '../../lib/account/return-to';
import { useSignOut } from '../../lib/account/use-sign-out';
import { storePath } from '../../lib/store-paths';

/** Pages that are part of signing in: a login link from them does not return to them. */
const SIGN_IN_PAGES = ['/login', '/register', '/forgot-password', '/reset-password'];

/**
 * The header's account corner: "Log in" for visitors (and before the browser knows better, so the
 * server-rendered page never shows a customer), the customer's first name and "Log out" once
 * signed in.
 */
export function AccountMenu({ store }: { store: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const { signOut, isSigningOut, failed } = useSignOut(store);

  if (session.status === 'signed-in') {
    return (
      <div className="account-menu">
        <Link to={accountPath(store)} className="account-menu__link">
          <span aria-hidden="true" className="account-menu__icon">●</span>
          {session.user.firstname}
          <span className="visually-hidden"> – {t('header.yourAccount')}</span>
        </Link>
        <button type="button" className="account-menu__logout" onClick={() => void signOut()} disabled={isSigningOut}>
          {t('header.logOut')}
        </button>
        {failed && <p role="alert" className="account-menu__error">{t('account.errors.logoutFailed')}</p>}
      </div>
    );
  }

  const here = location.pathname.slice(store.length + 1);
  const returnTo = SIGN_IN_PAGES.includes(here) || here === '/' || here === '' ? null : `${location.pathname}${location.search}`;
  return (
    <div className="account-menu">
      <Link to={withReturnTo(storePath(store, '/login'), returnTo)} className="account-menu__link">
        {t('header.logIn')}
      </Link>
    </div>
  );
}
