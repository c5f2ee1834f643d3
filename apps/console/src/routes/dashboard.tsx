import { ConsoleDashboardSchema } from '@ember/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, messageOf } from '../api';
import { ErrorNotice } from '../components/fields';
import { formatDateTime, formatMoney, formatNumber } from '../format';
import { usePageTitle } from './layout';

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const lng = i18n.language;
  const dashboard = useQuery({ queryKey: ['dashboard'], queryFn: () => api.get('/admin/dashboard', ConsoleDashboardSchema), refetchInterval: 60_000 });
  const d = dashboard.data;
  return (
    <section>
      <h1>{t('dashboard.title')}</h1>
      <ErrorNotice message={dashboard.error ? messageOf(dashboard.error, t('errors.generic')) : null} />
      {dashboard.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {d ? (
        <>
          <p className="muted">{t('dashboard.generated', { at: formatDateTime(d.generated_at, lng) })}</p>
          <div className="cards">
            <section className="card" aria-labelledby="card-payments">
              <h2 id="card-payments">{t('dashboard.paymentsWaiting')}</h2>
              <p className="figure">{formatNumber(d.payments_waiting.count, lng)}</p>
              {d.payments_waiting.oldest_at ? <p className="muted">{t('dashboard.oldest', { at: formatDateTime(d.payments_waiting.oldest_at, lng) })}</p> : null}
            </section>
            <section className="card" aria-labelledby="card-age">
              <h2 id="card-age">{t('dashboard.ageChecksWaiting')}</h2>
              <p className="figure">{formatNumber(d.age_checks_waiting.count, lng)}</p>
              {d.age_checks_waiting.oldest_at ? <p className="muted">{t('dashboard.oldest', { at: formatDateTime(d.age_checks_waiting.oldest_at, lng) })}</p> : null}
            </section>
            <section className="card" aria-labelledby="card-outbox">
              <h2 id="card-outbox">{t('dashboard.outbox')}</h2>
              <p className="figure">{formatNumber(d.outbox.pending, lng)}</p>
              <p className="muted">{t('dashboard.outboxOldest', { seconds: formatNumber(Math.round(d.outbox.oldest_seconds), lng) })}</p>
            </section>
          </div>

          <div className="table-scroll" role="region" aria-labelledby="today-caption" tabIndex={0}>
            <table>
              <caption id="today-caption">{t('dashboard.today')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.store')}</th>
                  <th scope="col">{t('dashboard.since')}</th>
                  <th scope="col" className="num">{t('dashboard.orders')}</th>
                  <th scope="col" className="num">{t('dashboard.revenue')}</th>
                </tr>
              </thead>
              <tbody>
                {d.today.map((row) => (
                  <tr key={row.store_code}>
                    <th scope="row">{row.store_code}</th>
                    <td>{formatDateTime(row.since, lng)} ({row.timezone})</td>
                    <td className="num">{formatNumber(row.orders, lng)}</td>
                    <td className="num">{formatMoney(row.revenue.amount, row.revenue.currency, lng, true)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="table-scroll" role="region" aria-labelledby="stock-caption" tabIndex={0}>
            <table>
              <caption id="stock-caption">{t('dashboard.lowStock')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.sku')}</th>
                  <th scope="col">{t('dashboard.product')}</th>
                  <th scope="col" className="num">{t('dashboard.quantity')}</th>
                  <th scope="col" className="num">{t('dashboard.threshold')}</th>
                </tr>
              </thead>
              <tbody>
                {d.low_stock.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="empty">{t('dashboard.noLowStock')}</td>
                  </tr>
                ) : null}
                {d.low_stock.map((row) => (
                  <tr key={row.sku}>
                    <th scope="row">{row.sku}</th>
                    <td>{row.name}</td>
                    <td className="num">{formatNumber(row.quantity, lng)}</td>
                    <td className="num">{formatNumber(row.threshold, lng)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="table-scroll" role="region" aria-labelledby="jobs-caption" tabIndex={0}>
            <table>
              <caption id="jobs-caption">{t('dashboard.failedJobs')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.job')}</th>
                  <th scope="col" className="num">{t('dashboard.failures')}</th>
                  <th scope="col">{t('dashboard.lastEnded')}</th>
                </tr>
              </thead>
              <tbody>
                {d.failed_jobs.length === 0 ? (
                  <tr>
                    <td colSpan={3} className="empty">{t('dashboard.noFailedJobs')}</td>
                  </tr>
                ) : null}
                {d.failed_jobs.map((job) => (
                  <tr key={job.name}>
                    <th scope="row">{job.name}</th>
                    <td className="num">{formatNumber(job.failures, lng)}</td>
                    <td>{formatDateTime(job.last_ended_at, lng)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
