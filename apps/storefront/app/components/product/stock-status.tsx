import { useTranslation } from '../../i18n/react';
import type { StockStatus as Status } from '../../lib/api/catalog.api';

/** Stock as text (never colour alone); a polite live region, so a variant change is announced. */
export function StockStatus({ status, onlyLeft }: { status: Status | null; onlyLeft?: number | null }) {
  const { t } = useTranslation();
  const inStock = status === 'IN_STOCK';
  const text = !inStock
    ? t('stock.outOfStock')
    : onlyLeft && onlyLeft > 0
      ? t('stock.onlyLeft', { count: onlyLeft })
      : t('stock.inStock');
  return (
    <p className={`stock stock--${inStock ? 'in' : 'out'}`} role="status" data-testid="stock-status">
      <span aria-hidden="true" className="stock__dot" />
      {text}
    </p>
  );
}
