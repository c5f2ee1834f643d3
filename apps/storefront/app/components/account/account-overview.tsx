import type { Profile } from '@ember/contracts';
import { useTranslation } from '../../i18n/react';
import { ACCOUNT_ROUTES } from '../../lib/account/account-routes';
import { formatDate } from '../../lib/account/dates';
import { AccountView } from './account-view';

/** `#/account`: who is signed in, and the way to every part of the account. */
export function AccountOverview({ profile, locale }: { profile: Profile; locale: string }) {
  const { t } = useTranslation();
  const info = profile.personalInfo;
  return (
    <AccountView title={t('account.overview.title')}>
      <p className="account-overview__greeting">{t('account.overview.greeting', { name: info.firstname })}</p>
      <dl className="details-list">
        <div>
          <dt>{t('account.overview.name')}</dt>
          <dd>{`${info.firstname} ${info.lastname}`}</dd>
        </div>
        <div>
          <dt>{t('account.fields.email')}</dt>
          <dd>{info.email}</dd>
        </div>
        {info.dob && (
          <div>
            <dt>{t('account.fields.dateOfBirth')}</dt>
            <dd>{formatDate(info.dob, locale)}</dd>
          </div>
        )}
        {info.telephone && (
          <div>
            <dt>{t('account.fields.phone')}</dt>
            <dd>{info.telephone}</dd>
          </div>
        )}
      </dl>
      <h3>{t('account.overview.sections')}</h3>
      <ul className="account-tiles">
        {ACCOUNT_ROUTES.slice(1).map((route) => (
          <li key={route.view} className="account-tile">
            <a href={`#/${route.path}`}>{t(`account.nav.${route.view}`)}</a>
            <p>{t(`account.overview.describe.${route.view}`)}</p>
          </li>
        ))}
      </ul>
    </AccountView>
  );
}
