import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The loyalty club's pages in the promotions area: rewards, earning rules, articles, QR codes. */
export function LoyaltyTabs() {
  const { t } = useTranslation();
  return (
    <nav className="sub-nav" aria-label={t('loyaltyAdmin.nav.label')}>
      <ul>
        <li>
          <NavLink to="/promotions/loyalty/rewards">{t('loyaltyAdmin.nav.rewards')}</NavLink>
        </li>
        <li>
          <NavLink to="/promotions/loyalty/earning-rules">{t('loyaltyAdmin.nav.rules')}</NavLink>
        </li>
        <li>
          <NavLink to="/promotions/loyalty/articles">{t('loyaltyAdmin.nav.articles')}</NavLink>
        </li>
        <li>
          <NavLink to="/promotions/loyalty/qr-codes">{t('loyaltyAdmin.nav.qrCodes')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
