import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { TextField } from '../forms/fields';

/** The registration code field of my-devices and get-started: its hint names the check character. */
export function DeviceCodeField({ registration, error }: { registration: UseFormRegisterReturn; error?: FieldError }) {
  const { t } = useTranslation();
  return (
    <TextField
      id="device-code"
      label={t('devices.codeLabel')}
      hint={t('devices.codeHint')}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      registration={registration}
      error={error}
    />
  );
}
