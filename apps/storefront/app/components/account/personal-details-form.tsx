import type { Profile, ProfileUpdate } from '@ember/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { PersonalDetailsFormSchema, type PersonalDetailsFormValues } from '../../lib/account/account-forms';
import { storeProfile } from '../../lib/account/account-queries';
import { genderOptions } from '../../lib/account/genders';
import { updateProfile } from '../../lib/api/account-actions.api';
import { schemaResolver } from '../../lib/forms/schema-resolver';
import { applyServerError, type FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { FormAlert } from '../forms/form-alert';
import { SelectField, TextField } from '../forms/fields';
import { AccountView } from './account-view';

const resolver = schemaResolver<PersonalDetailsFormValues, ReturnType<typeof PersonalDetailsFormSchema.parse>>(PersonalDetailsFormSchema);

function valuesOf(profile: Profile): PersonalDetailsFormValues {
  const info = profile.personalInfo;
  return { firstname: info.firstname, lastname: info.lastname, date_of_birth: info.dob ?? '', gender: info.gender ?? '' };
}

/**
 * `#/update-personal-details`: names, date of birth and gender. The date of birth is sent only
 * when it changed; it and, where the market's check confirmed them, the names are read-only with
 * the reason once an age verification bound them.
 */
export function PersonalDetailsForm({ store, profile }: { store: string; profile: Profile }) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const [saved, setSaved] = useState(false);
  // What the age verification confirmed changes only through a new verification (the server refuses it too).
  const dobLocked = !profile.meta.allow_date_of_birth_update;
  const namesLocked = !profile.meta.allow_name_update;
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<PersonalDetailsFormValues, unknown, ReturnType<typeof PersonalDetailsFormSchema.parse>>({
    resolver,
    defaultValues: valuesOf(profile),
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    setSaved(false);
    const patch: ProfileUpdate = namesLocked ? {} : { firstname: values.firstname, lastname: values.lastname };
    if (values.gender) patch.gender = values.gender;
    if (!dobLocked && values.date_of_birth && values.date_of_birth !== profile.personalInfo.dob) patch.date_of_birth = values.date_of_birth;
    try {
      const updated = await updateProfile(store, profile.uuid, patch);
      storeProfile(updated);
      reset(valuesOf(updated));
      setSaved(true);
    } catch (error) {
      setAlert(applyServerError(error, setError, {
        fields: ['firstname', 'lastname', 'date_of_birth', 'gender'],
        alerts: { PERMISSION_DENIED: 'account.details.dobLocked' },
      }));
    }
  });

  return (
    <AccountView title={t('account.nav.personal-details')}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        {saved && <FormAlert tone="success" alert={{ key: 'account.details.saved' }} />}
        <div className="form__row">
          <TextField id="details-firstname" label={t('account.fields.firstname')} autoComplete="given-name" readOnly={namesLocked} hint={namesLocked ? t('account.details.nameLockedHint') : undefined} registration={register('firstname')} error={errors.firstname} />
          <TextField id="details-lastname" label={t('account.fields.lastname')} autoComplete="family-name" readOnly={namesLocked} hint={namesLocked ? t('account.details.nameLockedHint') : undefined} registration={register('lastname')} error={errors.lastname} />
        </div>
        <TextField
          id="details-dob"
          label={t('account.fields.dateOfBirth')}
          type="date"
          autoComplete="bday"
          readOnly={dobLocked}
          hint={dobLocked ? t('account.details.dobLockedHint') : undefined}
          registration={register('date_of_birth')}
          error={errors.date_of_birth}
        />
        <SelectField id="details-gender" label={t('account.fields.gender')} optional options={genderOptions(t)} registration={register('gender')} error={errors.gender} />
        <p className="form__note">{t('account.details.emailNote', { email: profile.personalInfo.email })}</p>
        <button type="submit" className="button" disabled={isSubmitting}>{t('account.details.submit')}</button>
      </form>
    </AccountView>
  );
}
