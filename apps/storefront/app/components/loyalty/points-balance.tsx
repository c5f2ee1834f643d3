import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { usePoints } from '../../lib/loyalty/loyalty-state';
import { storePath } from '../../lib/store-paths';

/** The header's points balance: only for a signed-in customer where loyalty is on. */
export function PointsBalance({ store }: { store: string }) {
  const { t } = useTranslation();
  const { data } = usePoints(store);
  if (!data) return null;
  return (
    <Link to={storePath(store, '/loyalty')} className="site-header__points" data-testid="points-balance">
      {t('loyalty.header.points', { count: data.points })}
    </Link>
  );
}
