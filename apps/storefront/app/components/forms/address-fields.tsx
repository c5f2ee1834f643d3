import type { FieldErrors, FieldValues, Path, PathValue, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import type { AddressFormValues } from '../../lib/account/account-forms';
import type { ShippingCountry } from '../../lib/api/directory.api';
import { streetLine } from '../../lib/api/store-locator.api';
import { AddressAutocomplete } from '../store-locator/address-autocomplete';
import { SelectField, TextField } from './fields';

interface AddressFieldsProps<T extends FieldValues & AddressFormValues> {
  /** Prefix of the fields' ids, unique on the page. */
  prefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  countries: ShippingCountry[];
  /** The store view allows an empty first name (checkout). */
  firstnameOptional?: boolean;
  /** Offers address suggestions above the street; a picked one fills street and number, postcode, city and country. */
  autocomplete?: { store: string; setValue: UseFormSetValue<T> };
}

/** The postal address fields of a form (account address book, checkout addresses), in one order and with one set of labels. */
export function AddressFields<T extends FieldValues & AddressFormValues>({ prefix, register, errors, countries, firstnameOptional = false, autocomplete }: AddressFieldsProps<T>) {
  const { t } = useTranslation();
  const field = (name: 'firstname' | 'lastname' | 'street.0' | 'street.1' | 'postcode' | 'city' | 'country_code' | 'telephone') => register(name as Path<T>);
  const e = errors as FieldErrors<AddressFormValues>;
  return (
    <>
      <div className="form__row">
        <TextField id={`${prefix}-firstname`} label={t('account.fields.firstname')} optional={firstnameOptional} autoComplete="given-name" registration={field('firstname')} error={e.firstname} />
        <TextField id={`${prefix}-lastname`} label={t('account.fields.lastname')} autoComplete="family-name" registration={field('lastname')} error={e.lastname} />
      </div>
      {autocomplete && (
        <AddressAutocomplete
          id={`${prefix}-address-search`}
          store={autocomplete.store}
          onPick={(s) => {
            const set = (name: 'street.0' | 'postcode' | 'city' | 'country_code', value: string) =>
              autocomplete.setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
            set('street.0', streetLine(s));
            set('postcode', s.postcode ?? '');
            set('city', s.city);
            if (countries.some((c) => c.id === s.country_code)) set('country_code', s.country_code);
          }}
        />
      )}
      <TextField id={`${prefix}-street-1`} label={t('account.fields.street1')} autoComplete="address-line1" registration={field('street.0')} error={e.street?.[0]} />
      <TextField id={`${prefix}-street-2`} label={t('account.fields.street2')} optional autoComplete="address-line2" registration={field('street.1')} error={e.street?.[1]} />
      <div className="form__row">
        <TextField id={`${prefix}-postcode`} label={t('account.fields.postcode')} autoComplete="postal-code" registration={field('postcode')} error={e.postcode} />
        <TextField id={`${prefix}-city`} label={t('account.fields.city')} autoComplete="address-level2" registration={field('city')} error={e.city} />
      </div>
      <SelectField
        id={`${prefix}-country`}
        label={t('account.fields.country')}
        autoComplete="country"
        options={countries.map((c) => ({ value: c.id, label: c.name }))}
        registration={field('country_code')}
        error={e.country_code}
      />
      <TextField id={`${prefix}-telephone`} label={t('account.fields.phone')} optional type="tel" autoComplete="tel" registration={field('telephone')} error={e.telephone} />
    </>
  );
}
