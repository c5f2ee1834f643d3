import { useQuery } from '../../lib/api/query';
import { useTranslation } from '../../i18n/react';
import { useParams } from 'react-router';
import { fetchProductPoints } from '../../lib/api/loyalty.api';
import { dateFormat } from '../../lib/locale';
import { useLoyaltyEnabled } from '../../lib/loyalty/loyalty-state';
import { useStoreLayout } from '../../lib/store-layout-data';

/**
 * The loyalty points a product (or a cart line) earns, with a time-limited offer's end. Asked in the
 * browser once loyalty is on in the market; when the points service fails the product shows without
 * the badge (spec §7: on failure the plain item is used).
 */
export function PointsBadge({ sku, quantity = 1 }: { sku: string; quantity?: number }) {
  const { t } = useTranslation();
  const { locale } = useStoreLayout().store;
  const store = useParams().store ?? '';
  const { enabled } = useLoyaltyEnabled(store);
  const query = useQuery({
    queryKey: ['loyalty', 'product-points', store, sku],
    queryFn: () => fetchProductPoints(store, sku),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const p = query.data;
  if (!p || p.points <= 0) return null;
  const points = p.points * quantity;
  return (
    <p className="points-badge" data-testid="points-badge">
      {t('loyalty.product.earn', { count: points })}
      {p.time_limited && p.time_to ? ` · ${t('loyalty.product.until', { date: dateFormat(locale, { dateStyle: 'medium' }).format(new Date(p.time_to)) })}` : ''}
    </p>
  );
}
