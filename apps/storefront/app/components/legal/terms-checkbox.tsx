import { forwardRef, type InputHTMLAttributes } from 'react';
import { Trans, useTranslation } from '../../i18n/react';
import { storePath } from '../../lib/store-paths';

type TermsCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  id: string;
  store: string;
  /** Whether to show the "please accept" error (the box was left unticked). */
  invalid?: boolean;
};

/**
 * "I accept the terms and conditions and have read the privacy policy", never ticked in advance,
 * with both pages one click away (in a new tab, so a half-filled form stays). Used by registration
 * and before "Place order"; the server refuses both without it.
 */
export const TermsCheckbox = forwardRef<HTMLInputElement, TermsCheckboxProps>(function TermsCheckbox({ id, store, invalid, ...input }, ref) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const link = (page: string) => (
    <a href={storePath(store, `/legal/${page}`)} target="_blank" rel="noopener" aria-describedby={`${id}-new-tab`} />
  );
  return (
    <div className={`field field--terms${invalid ? ' field--error' : ''}`}>
      {invalid && (
        <p id={errorId} className="field__error">
          <span className="visually-hidden">{t('form.errorPrefix')} </span>
          {t('legal.termsRequired')}
        </p>
      )}
      <div className="terms-checkbox">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="terms-checkbox__input"
          required
          {...input}
          {...(invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
        <label htmlFor={id} className="terms-checkbox__label">
          <Trans i18nKey="legal.acceptTerms" components={{ terms: link('terms'), privacy: link('privacy') }} />
        </label>
      </div>
      <span id={`${id}-new-tab`} hidden>{t('legal.opensInNewTab')}</span>
    </div>
  );
});
