import { GenderSchema } from '@ember/contracts';
import type { TFunction } from '../../i18n/i18n';

/** The gender choices the contract knows, with "not given" first: the field is optional. */
export function genderOptions(t: TFunction): { value: string; label: string }[] {
  return [
    { value: '', label: t('account.gender.none') },
    ...GenderSchema.options.map((value) => ({ value, label: t(`account.gender.${value}`) })),
  ];
}
