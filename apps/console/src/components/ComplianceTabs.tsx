import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The compliance area's pages: the age-check queue, the markets' rules, the consent texts. */
export function ComplianceTabs() {
  const { t } = useTranslation();
  return (
    <nav className="sub-nav" aria-label={t('complianceNav.label')}>
      <ul>
        <li>
          <NavLink to="/compliance/age-checks">{t('complianceNav.ageChecks')}</NavLink>
        </li>
        <li>
          <NavLink to="/compliance/markets">{t('complianceNav.markets')}</NavLink>
        </li>
        <li>
          <NavLink to="/compliance/consents">{t('complianceNav.consents')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
