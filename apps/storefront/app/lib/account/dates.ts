import { dateFormat } from '../locale';

/** A calendar date (`1990-04-12`) as the store's locale writes it, without time-zone drift. */
export function formatDate(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
