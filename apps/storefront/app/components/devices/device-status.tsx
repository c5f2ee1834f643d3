import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { TRY_LATER, type DeviceStatusKey } from '../../lib/api/devices.api';

/**
 * A device call's outcome with the spec's title for its status (§8) and a sentence saying what to
 * do; 400, 401 and 500 suggest trying again later. A success is announced politely, a failure
 * takes focus like a form alert.
 */
export function DeviceStatusNotice({ status }: { status: DeviceStatusKey }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const ok = status === '202';
  useEffect(() => {
    if (!ok) ref.current?.focus();
  }, [status, ok]);
  return (
    <div ref={ref} className={`form-alert form-alert--${ok ? 'success' : 'error'}`} role={ok ? 'status' : 'alert'} tabIndex={-1} data-status={status}>
      <p><strong>{t(`devices.status.${status}.title`)}</strong></p>
      <p>{t(`devices.status.${status}.text`)}</p>
      {TRY_LATER.includes(status) && <p>{t('devices.tryLater')}</p>}
    </div>
  );
}
