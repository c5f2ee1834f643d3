import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';

/**
 * A message about the whole form (wrong credentials, too many attempts, saved). Problems are
 * announced and take focus so keyboard and screen-reader users land on them; confirmations are
 * announced politely and leave focus where it is.
 */
export function FormAlert({ alert, tone = 'error', children }: { alert: FormAlertMessage | null; tone?: 'error' | 'success'; children?: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (alert && tone === 'error') ref.current?.focus();
  }, [alert, tone]);
  if (!alert) return null;
  return (
    <div
      ref={ref}
      className={`form-alert form-alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
    >
      <p>{t(alert.key, alert.values)}</p>
      {children}
    </div>
  );
}
