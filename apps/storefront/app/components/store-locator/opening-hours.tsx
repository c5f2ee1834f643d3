import type { OpeningDay } from '@ember/contracts';
import { useTranslation } from '../../i18n/react';

/** "10:00–20:00, 14:00–18:00", or closed. */
export function spansText(day: OpeningDay | undefined, closed: string): string {
  if (!day || day.spans.length === 0) return closed;
  return day.spans.map((s) => `${s.opens}–${s.closes}`).join(', ');
}

/** Today's hours of a store, in its own zone. */
export function TodayHours({ week, today }: { week: OpeningDay[]; today: number }) {
  const { t } = useTranslation();
  const day = week.find((d) => d.weekday === today);
  if (!day || day.spans.length === 0) return <p className="store-card__hours">{t('storeLocator.closedToday')}</p>;
  return <p className="store-card__hours">{t('storeLocator.openToday', { hours: spansText(day, '') })}</p>;
}

/** The week's hours as a table, today marked. */
export function OpeningHoursTable({ week, today }: { week: OpeningDay[]; today: number }) {
  const { t } = useTranslation();
  return (
    <table className="opening-hours">
      <caption className="visually-hidden">{t('storeLocator.openingHours')}</caption>
      <tbody>
        {week.map((d) => (
          <tr key={d.weekday} className={d.weekday === today ? 'opening-hours__today' : undefined} aria-current={d.weekday === today ? 'date' : undefined}>
            <th scope="row">{d.day_name}</th>
            <td>{spansText(d, t('storeLocator.closed'))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
