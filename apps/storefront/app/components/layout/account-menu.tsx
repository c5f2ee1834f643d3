import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/account/session';
import { accountPath, withReturnTo } from '../../lib/account/return-to';
import { useSignOut } from '../../lib/account/use-sign-out';
import { storePath } from '../../lib/store-paths';

/** Pages that are part of signing in: a login link from them does not return to them. */
const SIGN_IN_PAGES = ['/login', '/register', '/forgot-password', '/reset-password'];

/**
 * The header's account link: "Log in" for visitors (and before the browser knows better, so the
 * server-rendered page never shows a customer), the customer's first name once signed in. On a
 * phone only the icon shows; the words stay the link's name.
 */
export function AccountMenu({ store }: { store: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();

  if (session.status === 'signed-in') {
    return (
      <div className="account-menu">
        <Link to={accountPath(store)} className="account-menu__link">
          <UserRound aria-hidden="true" className="account-menu__icon" size={22} />
          <span className="account-menu__name">{session.user.firstname}</span>
          <span className="visually-hidden"> – {t('header.yourAccount')}</span>
        </Link>
      </div>
    );
  }

  const here = location.pathname.slice(store.length + 1);
  const returnTo = SIGN_IN_PAGES.includes(here) || here === '/' || here === '' ? null : `${location.pathname}${location.search}`;
  return (
    <div className="account-menu">
      <Link to={withReturnTo(storePath(store, '/login'), returnTo)} className="account-menu__link">
        <UserRound aria-hidden="true" className="account-menu__icon" size={22} />
        <span className="header-label">{t('header.logIn')}</span>
      </Link>
    </div>
  );
}

/** "Log out" for a signed-in customer: beside the account link on wide screens, in the header's menu on a phone. */
export function SignOutButton({ store }: { store: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const { signOut, isSigningOut, failed } = useSignOut(store);
  if (session.status !== 'signed-in') return null;
  return (
    <div className="account-menu__sign-out">
      <button type="button" className="account-menu__logout" onClick={() => void signOut()} disabled={isSigningOut}>
        <LogOut aria-hidden="true" className="account-menu__logout-icon" size={18} />
        {t('header.logOut')}
      </button>
      {failed && <p role="alert" className="account-menu__error">{t('account.errors.logoutFailed')}</p>}
    </div>
  );
}
