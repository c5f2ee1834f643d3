import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from 'react-router';
import type { LegalPageLink } from '../../lib/api/content.api';
import type { StoreView } from '../../lib/api/store.api';
import { languageTag } from '../../lib/locale';
import { useFeature } from '../../lib/platform-config';
import { openConsentSettings } from '../../lib/tracking/consent';
import { storePath, switchStorePath } from '../../lib/store-paths';
import { NewsletterSignup } from '../newsletter/newsletter-signup';

interface SiteFooterProps {
  store: StoreView;
  stores: StoreView[];
  /** The store view's legal pages (terms, privacy, cookies, withdrawal, and the imprint where the market has one). */
  legalPages: LegalPageLink[];
}

/**
 * The footer of every page: help (contact, FAQ, the store locator, the flavour finder, the blog), every legal page of the market, the markets to
 * switch to (the same page in another store), the newsletter sign-up (a plain form) and the copyright. Plain links, so it works before
 * hydration and without JavaScript.
 */
export function SiteFooter({ store, stores, legalPages }: SiteFooterProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const code = store.store_code;
  // The store locator is linked where the platform configuration has it on (docs/decisions/0066).
  const storeLocator = useFeature('store_locator');
  return (
    <footer className="site-footer">
      <p className="health-warning" role="note">
        <strong>{t('footer.healthWarning')}</strong>
      </p>
      <div className="site-footer__inner">
        <p>{t('footer.adultsOnly')}</p>
        <div className="site-footer__columns">
          <nav className="site-footer__column" aria-labelledby="footer-help">
            <h2 id="footer-help" className="site-footer__heading">{t('legal.footer.help')}</h2>
            <ul>
              <li><Link to={storePath(code, '/contact')}>{t('legal.footer.contact')}</Link></li>
              <li><Link to={storePath(code, '/faq')}>{t('header.faq')}</Link></li>
              <li><Link to={storePath(code, '/shop')}>{t('header.shopAll')}</Link></li>
              {storeLocator && <li><Link to={storePath(code, '/stores')}>{t('storeLocator.title')}</Link></li>}
              <li><Link to={storePath(code, '/flavor-finder')}>{t('footer.flavorFinder')}</Link></li>
              <li><Link to={storePath(code, '/blog')}>{t('footer.blog')}</Link></li>
            </ul>
          </nav>
          <nav className="site-footer__column" aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="site-footer__heading">{t('legal.footer.legal')}</h2>
            <ul>
              {legalPages.map((page) => (
                <li key={page.identifier}><Link to={storePath(code, `/legal/${page.identifier}`)}>{page.title}</Link></li>
              ))}
              <li><button type="button" className="site-footer__consent" onClick={openConsentSettings}>{t('cookieConsent.settings')}</button></li>
            </ul>
          </nav>
          <nav className="site-footer__column" aria-labelledby="footer-markets">
            <h2 id="footer-markets" className="site-footer__heading">{t('legal.footer.markets')}</h2>
            <ul>
              {stores.map((s) => (
                <li key={s.store_code}>
                  <Link
                    to={switchStorePath(location.pathname, location.search, s.store_code)}
                    hrefLang={languageTag(s.locale)}
                    lang={s.language}
                    aria-current={s.store_code === code ? 'true' : undefined}
                  >
                    {s.store_name} · {s.base_currency_code}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-footer__column">
            <NewsletterSignup store={code} language={store.language} idPrefix="footer-newsletter" />
          </div>
        </div>
        <p className="site-footer__legal">{t('footer.copyright', { year: new Date().getFullYear(), market: store.store_name })}</p>
      </div>
    </footer>
  );
}
