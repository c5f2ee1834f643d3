import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The promotions area's pages: coupons, code batches, free-gift and conditional promotions, the loyalty club. */
export function PromotionTabs() {
  const { t } = useTranslation();
  return (
    <nav className="sub-nav" aria-label={t('promotionsNav.label')}>
      <ul>
        <li>
          <NavLink to="/promotions/coupons">{t('promotionsNav.coupons')}</NavLink>
        </li>
        <li>
          <NavLink to="/promotions/batches">{t('promotionsNav.batches')}</NavLink>
        </li>
        <li>
          <NavLink to="/promotions/cart-promotions">{t('promotionsNav.promotions')}</NavLink>
        </li>
        <li>
          <NavLink to="/promotions/loyalty">{t('promotionsNav.loyalty')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
