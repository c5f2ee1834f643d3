import { toLanguageTag } from '../money';

/** A calendar date (`1990-04-12`) as the store's locale writes it, without time-zone drift. */
export function formatDate(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(toLanguageTag(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
