import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';

/**
 * Numbered page links; page 1 is the bare URL (plus the listing's `query`: order and filters) so it
 * has one canonical address.
 */
export function Pagination({ basePath, current, total, query = '' }: { basePath: string; current: number; total: number; query?: string }) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  const href = (page: number) => {
    const search = new URLSearchParams(query);
    if (page > 1) search.set('page', String(page));
    const qs = search.toString();
    return qs ? `${basePath}?${qs}` : basePath;
  };
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        {current > 1 && (
          <li><Link to={href(current - 1)} rel="prev">{t('pagination.previous')}</Link></li>
        )}
        {Array.from({ length: total }, (_, i) => i + 1).map((page) => (
          <li key={page}>
            <Link
              to={href(page)}
              aria-current={page === current ? 'page' : undefined}
              aria-label={t('pagination.page', { page })}
            >
              {page}
            </Link>
          </li>
        ))}
        {current < total && (
          <li><Link to={href(current + 1)} rel="next">{t('pagination.next')}</Link></li>
        )}
      </ul>
    </nav>
  );
}
