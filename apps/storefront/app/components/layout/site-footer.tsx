import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoreView } from '../../lib/api/store.api';
import { storePath } from '../../lib/store-paths';

export function SiteFooter({ store }: { store: StoreView }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p className="health-warning" role="note">
        <strong>{t('footer.healthWarning')}</strong>
      </p>
      <div className="site-footer__inner">
        <p>{t('footer.adultsOnly')}</p>
        <nav aria-label={t('footer.navigation')}>
          <ul>
            <li><Link to={storePath(store.store_code, '/shop')}>{t('header.shopAll')}</Link></li>
            <li><Link to={storePath(store.store_code, '/faq')}>{t('header.faq')}</Link></li>
          </ul>
        </nav>
        <p className="site-footer__legal">{t('footer.copyright', { year: new Date().getFullYear(), market: store.store_name })}</p>
      </div>
    </footer>
  );
}
