import type { SavedAddress, AddressInput } from '@ember/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { AddressFormSchema, type AddressFormValues } from '../../lib/account/account-forms';
import type { ShippingCountry } from '../../lib/api/directory.api';
import { addAddress, updateAddress } from '../../lib/api/account-actions.api';
import { CUSTOM_ISSUE, schemaResolver } from '../../lib/forms/schema-resolver';
import { applyServerError, type FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { FormAlert } from '../forms/form-alert';
import { AddressFields } from '../forms/address-fields';

// Every market the shop sells in has postcodes; the contract leaves the field optional for others.
const AddressWithPostcodeSchema = AddressFormSchema.superRefine((value, ctx) => {
  if (!value.postcode) ctx.addIssue({ code: CUSTOM_ISSUE, path: ['postcode'], message: 'required' });
});
type AddressOutput = ReturnType<typeof AddressWithPostcodeSchema.parse>;

// A missing street list is reported on the first street line.
const resolver = schemaResolver<AddressFormValues, AddressOutput>(AddressWithPostcodeSchema, (path) => (path === 'street' ? 'street.0' : path));

const FIELDS = ['firstname', 'lastname', 'street.0', 'street.1', 'city', 'postcode', 'country_code', 'telephone'];

interface AddressFormProps {
  store: string;
  uuid: string;
  /** The address to edit; a new one otherwise. */
  address?: SavedAddress;
  /** Names and country for a new address. */
  defaults: { firstname: string; lastname: string; country_code: string };
  countries: ShippingCountry[];
  onSaved: (address: SavedAddress) => void;
  onCancel: () => void;
}

function valuesOf(address: SavedAddress | undefined, defaults: AddressFormProps['defaults']): AddressFormValues {
  return {
    firstname: address?.firstname ?? defaults.firstname,
    lastname: address?.lastname ?? defaults.lastname,
    street: [address?.street[0] ?? '', address?.street[1] ?? ''],
    city: address?.city ?? '',
    postcode: address?.postcode ?? '',
    country_code: address?.country_code ?? defaults.country_code,
    telephone: address?.telephone ?? '',
  };
}

/** Adding or editing an address of the address book. */
export function AddressForm({ store, uuid, address, defaults, countries, onSaved, onCancel }: AddressFormProps) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const { register, handleSubmit, setError, setValue, formState: { errors, isSubmitting } } = useForm<AddressFormValues, unknown, AddressOutput>({
    resolver,
    defaultValues: valuesOf(address, defaults),
  });
  const prefix = address ? `address-${address.id}` : 'address-new';

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    const input: AddressInput = values;
    try {
      onSaved(address ? await updateAddress(store, uuid, address.id, input) : await addAddress(store, uuid, input));
    } catch (error) {
      setAlert(applyServerError(error, setError, { fields: FIELDS }));
    }
  });

  return (
    <form className="form address-form" noValidate onSubmit={onSubmit} aria-labelledby={`${prefix}-heading`}>
      <h3 id={`${prefix}-heading`}>{address ? t('account.addresses.editHeading') : t('account.addresses.addHeading')}</h3>
      <FormAlert alert={alert} />
      <AddressFields prefix={prefix} register={register} errors={errors} countries={countries} autocomplete={{ store, setValue }} />
      <p className="form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>{t('account.addresses.save')}</button>
        <button type="button" className="button button--secondary" onClick={onCancel}>{t('account.addresses.cancel')}</button>
      </p>
    </form>
  );
}
