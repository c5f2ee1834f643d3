import { useQuery, useQueryClient } from '../../lib/api/query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { SESSION_QUERY_KEY, type SessionUser } from '../../lib/account/session';
import { claimDevice, deviceStatusOf, fetchDevices, registerDevice, renameDevice, unassignDevice, type Device, type DeviceStatusKey } from '../../lib/api/devices.api';
import type { StoreView } from '../../lib/api/store.api';
import { deviceCodeResolver, groupedCode, type DeviceCodeValues } from '../../lib/devices/device-code';
import { AccountView } from '../account/account-view';
import { DeviceCodeField } from './device-code-field';
import { DeviceStatusNotice } from './device-status';

export const devicesQueryKey = (uuid: string) => ['devices', uuid] as const;

/**
 * `#/devices` (my-devices): the customer's registered devices with model, colour, serial and
 * warranty end; registration by code (the check character catches a typo in the form), renaming
 * and unassigning. Each answer of the device service is said with the spec's title for its status.
 */
export function MyDevices({ store, user }: { store: StoreView; user: SessionUser }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: devicesQueryKey(user.uuid), queryFn: () => fetchDevices(code, user.uuid), staleTime: 60_000 });
  const [notice, setNotice] = useState<DeviceStatusKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesQueryKey(user.uuid) });

  return (
    <AccountView title={t('account.nav.devices')} className="devices">
      {notice && <DeviceStatusNotice status={notice} />}
      <RegisterDeviceForm
        store={code}
        user={user}
        onDone={async (status) => {
          setNotice(status);
          if (status !== '202') return;
          // The session user is_device_registered from the first device on.
          queryClient.setQueryData<SessionUser | null>(SESSION_QUERY_KEY, (u) => (u ? { ...u, isDeviceRegistered: true } : u));
          await refresh();
        }}
      />
      <h3>{t('devices.listHeading')}</h3>
      {devices.isPending && <p role="status">{t('account.loading')}</p>}
      {devices.isError && <DeviceStatusNotice status={deviceStatusOf(devices.error)} />}
      {devices.data?.length === 0 && <p className="empty-state__title">{t('devices.none')}</p>}
      {devices.data && devices.data.length > 0 && (
        <ul className="devices__list">
          {devices.data.map((d) => (
            <DeviceCard key={d.deviceId} device={d} store={store} user={user} onChanged={refresh} onFailed={setNotice} />
          ))}
        </ul>
      )}
    </AccountView>
  );
}

function RegisterDeviceForm({ store, user, onDone }: { store: string; user: SessionUser; onDone: (status: DeviceStatusKey) => Promise<void> }) {
  const { t } = useTranslation();
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<DeviceCodeValues, unknown, DeviceCodeValues>({
    resolver: deviceCodeResolver,
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await registerDevice(store, user.uuid, code);
      reset({ code: '' });
      await onDone('202');
    } catch (error) {
      await onDone(deviceStatusOf(error));
    }
  });
  return (
    <form className="form devices__register" noValidate onSubmit={onSubmit} aria-labelledby="device-register-heading">
      <h3 id="device-register-heading">{t('devices.registerHeading')}</h3>
      <DeviceCodeField registration={register('code')} error={errors.code} />
      <button type="submit" className="button button--primary" disabled={isSubmitting}>{t('devices.register')}</button>
    </form>
  );
}

function DeviceCard({ device, store, user, onChanged, onFailed }: {
  device: Device; store: StoreView; user: SessionUser; onChanged: () => Promise<void>; onFailed: (s: DeviceStatusKey) => void;
}) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState(device.deviceName ?? '');
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(store.locale.replace('_', '-'), { dateStyle: 'long' }).format(new Date(iso)) : '–');
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      await onChanged();
    } catch (error) {
      onFailed(deviceStatusOf(error));
    } finally {
      setBusy(false);
    }
  };
  const title = device.deviceName ?? device.productName;
  return (
    <li className="devices__card" data-serial={device.deviceId}>
      {device.imageUrl && <img className="devices__image" src={device.imageUrl} alt="" width={72} height={72} loading="lazy" />}
      <div className="devices__facts">
        <h4 className="devices__name">{title}</h4>
        <dl>
          <div><dt>{t('devices.model')}</dt><dd>{device.productName}</dd></div>
          <div><dt>{t('devices.colour')}</dt><dd>{device.colorLabel}</dd></div>
          <div><dt>{t('devices.serial')}</dt><dd className="devices__serial">{groupedCode(device.deviceId)}</dd></div>
          <div><dt>{t('devices.warrantyEnd')}</dt><dd data-testid="warranty-end">{date(device.warrantyExpiryDate)}</dd></div>
        </dl>
        {device.status === 'registered' && (
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => claimDevice(store.store_code, user.uuid, device.deviceId))}>
            {t('devices.confirm')}
          </button>
        )}
        {renaming ? (
          <form className="devices__rename" onSubmit={(e) => {
            e.preventDefault();
            const trimmed = name.trim();
            if (!trimmed) return;
            void run(async () => {
              await renameDevice(store.store_code, user.uuid, device.deviceId, trimmed);
              setRenaming(false);
            });
          }}>
            <label className="field__label" htmlFor={`rename-${device.deviceId}`}>{t('devices.nameLabel')}</label>
            <input id={`rename-${device.deviceId}`} className="field__input" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
            <div className="devices__actions">
              <button type="submit" className="button button--primary" disabled={busy}>{t('devices.saveName')}</button>
              <button type="button" className="button" onClick={() => setRenaming(false)}>{t('devices.cancel')}</button>
            </div>
          </form>
        ) : (
          <div className="devices__actions">
            <button type="button" className="button" onClick={() => setRenaming(true)}>{t('devices.rename')}</button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => {
                if (window.confirm(t('devices.unassignConfirm', { name: title }))) void run(() => unassignDevice(store.store_code, user.uuid, device.deviceId));
              }}
            >{t('devices.unassign')}</button>
          </div>
        )}
      </div>
    </li>
  );
}
