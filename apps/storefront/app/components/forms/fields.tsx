import type { TFunction } from '../../i18n/i18n';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from '../../i18n/react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** A field error's text: the message key under `form.errors`, with a count after a colon. */
export function fieldErrorText(t: TFunction, message: string | undefined): string {
  const [key, count] = (message ?? 'invalid').split(':');
  return t(`form.errors.${key}`, { count: count === undefined ? undefined : Number(count), defaultValue: t('form.errors.invalid') });
}

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: FieldError;
  optional?: boolean;
  /** Further elements describing the input (the password rules). */
  describedBy?: string;
  children: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/**
 * Label, hint, error and input in the order a screen reader needs them; the input is described
 * by its error and hint, and marked invalid while it has an error.
 */
function FieldFrame({ id, label, hint, error, optional, describedBy, children }: FieldFrameProps) {
  const { t } = useTranslation();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [errorId, hintId, describedBy].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional && <span className="field__optional"> ({t('form.optional')})</span>}
      </label>
      {hint && <p id={hintId} className="field__hint">{hint}</p>}
      {error && (
        <p id={errorId} className="field__error">
          <span className="visually-hidden">{t('form.errorPrefix')} </span>
          {fieldErrorText(t, error.message)}
        </p>
      )}
      {children({ ...(error ? { 'aria-invalid': true as const } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  hint?: ReactNode;
  error?: FieldError;
  optional?: boolean;
  describedBy?: string;
};

export function TextField({ id, label, registration, hint, error, optional, describedBy, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional} describedBy={describedBy}>
      {(aria) => <input id={id} className="field__input" {...registration} {...input} {...aria} required={!optional || undefined} />}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  options: { value: string; label: string }[];
  hint?: ReactNode;
  error?: FieldError;
  optional?: boolean;
};

export function SelectField({ id, label, registration, options, hint, error, optional, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional}>
      {(aria) => (
        <select id={id} className="field__input" {...registration} {...select} {...aria} required={!optional || undefined}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>{o.label}</option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  hint?: ReactNode;
  error?: FieldError;
  optional?: boolean;
};

export function TextAreaField({ id, label, registration, hint, error, optional, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional}>
      {(aria) => <textarea id={id} className="field__input field__input--textarea" {...registration} {...textarea} {...aria} required={!optional || undefined} />}
    </FieldFrame>
  );
}
