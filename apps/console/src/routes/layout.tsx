import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { lastActivity } from '../api';
import { can, visibleAreas } from '../areas';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { pathForStage, useSession } from '../session';
import { useSignOut } from './login';

/** The signed-in console: skip link, banner with the operator, navigation by permission, the area. */
export function Layout() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const idleSeconds = session.data?.idle_timeout_seconds ?? 0;

  useEffect(() => setMenuOpen(false), [location.pathname]);

  // The server forgets a session left idle; the console notices first and says so.
  useEffect(() => {
    if (!idleSeconds || session.data?.stage !== 'signed_in') return;
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity() >= idleSeconds * 1000) void signOut('idle');
    }, 5000);
    return () => window.clearInterval(timer);
  }, [idleSeconds, session.data?.stage, signOut]);

  if (session.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (session.isError) {
    return (
      <main id="main" className="auth-card">
        <h1>{t('app.name')}</h1>
        <div className="notice notice-error" role="alert">
          {t('errors.unreachable')}
        </div>
      </main>
    );
  }
  const current = session.data;
  if (!current || current.stage !== 'signed_in') return <Navigate to={pathForStage(current)} replace />;
  const areas = visibleAreas(current.permissions);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="banner">
        <span className="brand">{t('app.name')}</span>
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="primary-nav" onClick={() => setMenuOpen((o) => !o)}>
          {t('app.menu')}
        </button>
        <div className="banner-tools">
          <span className="operator" data-testid="operator-name">
            {current.operator?.name} <span className="role">({t(`roles.${current.operator?.role ?? 'owner'}`)})</span>
          </span>
          <LanguageSwitch />
          <button type="button" onClick={() => void signOut('signed_out')}>
            {t('app.signOut')}
          </button>
        </div>
      </header>
      <nav id="primary-nav" className={'primary-nav' + (menuOpen ? ' open' : '')} aria-label={t('app.navigation')}>
        <ul>
          {areas.map((area) => (
            <li key={area.key}>
              <NavLink
                to={area.path}
                end={area.path === '/'}
                className={({ isActive }) => (isActive || (area.section && location.pathname.startsWith(area.section)) ? 'active' : undefined)}
              >
                {t(`nav.${area.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/** An area the operator's permissions do not open says so instead of showing it. */
export function RequirePermission({ permission, children }: { permission: string; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!can(session.data?.permissions, permission)) {
    return (
      <section>
        <h1>{t('errors.forbiddenTitle')}</h1>
        <p>{t('errors.forbidden')}</p>
      </section>
    );
  }
  return <>{children}</>;
}

/** Sets the document's title for a page of the console. */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}

export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFoundTitle'));
  return (
    <section>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFound')}</p>
    </section>
  );
}
