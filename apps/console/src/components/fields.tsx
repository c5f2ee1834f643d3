import type { ReactNode } from 'react';
import type { FieldError as RhfFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A field's error in the operator's language: by the zod issue's code, the server's text as a fallback. */
export function FieldError({ id, error }: { id: string; error: RhfFieldError | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  const key = `validation.${error.type || 'invalid'}`;
  return (
    <p className="field-error" id={id}>
      {t(key, { defaultValue: t('validation.invalid') })}
    </p>
  );
}

export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: RhfFieldError; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className={'field' + (error ? ' field-invalid' : '')}>
      <label htmlFor={id}>{label}</label>
      {hint ? <p className="hint" id={`${id}-hint`}>{hint}</p> : null}
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** aria attributes linking an input to its hint and error. */
export function describedBy(id: string, error: unknown, hint = false): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...(error ? { 'aria-invalid': true as const } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
}

export function ErrorNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="notice notice-error" role="alert">
      {message}
    </div>
  );
}

export function SuccessNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="notice notice-success" role="status">
      {message}
    </div>
  );
}
