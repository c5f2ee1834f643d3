import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { hashFor } from '../../lib/account/account-routes';
import { AccountView } from './account-view';

export type ComingSoonView = 'payments' | 'orders' | 'devices' | 'subscription' | 'age-verification';

/** An honest empty state for a part of the account that is not available yet. */
export function ComingSoon({ view, children }: { view: ComingSoonView; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AccountView title={t(`account.nav.${view}`)}>
      {children}
      <div className="empty-state">
        <p className="empty-state__title">{t(`account.comingSoon.${view}`)}</p>
        <p>{t('account.comingSoon.text')}</p>
        <p><a href={hashFor('overview')}>{t('account.backToOverview')}</a></p>
      </div>
    </AccountView>
  );
}
