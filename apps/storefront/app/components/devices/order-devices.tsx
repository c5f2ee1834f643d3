import { useQuery, useQueryClient } from '../../lib/api/query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { SessionUser } from '../../lib/account/session';
import { claimDevice, deviceStatusOf, fetchDevices, type DeviceStatusKey } from '../../lib/api/devices.api';
import { groupedCode } from '../../lib/devices/device-code';
import { DeviceStatusNotice } from './device-status';
import { devicesQueryKey } from './my-devices';

/**
 * The devices shipped with an order (their serials recorded at shipment): each registered to the
 * customer, with "register this device" to take it on as its user. Nothing shows for an order
 * without devices.
 */
export function OrderDevices({ store, user, orderNumber }: { store: string; user: SessionUser; orderNumber: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: devicesQueryKey(user.uuid), queryFn: () => fetchDevices(store, user.uuid), staleTime: 60_000 });
  const [notice, setNotice] = useState<DeviceStatusKey | null>(null);
  const mine = (devices.data ?? []).filter((d) => d.orderNumber === orderNumber);
  if (mine.length === 0) return null;
  return (
    <section className="order-devices" aria-labelledby="order-devices-heading">
      <h3 id="order-devices-heading">{t('account.nav.devices')}</h3>
      {notice && <DeviceStatusNotice status={notice} />}
      <ul className="devices__list">
        {mine.map((d) => (
          <li key={d.deviceId} className="devices__card" data-serial={d.deviceId}>
            <div className="devices__facts">
              <p><strong>{d.productName}</strong> · {d.colorLabel} · <span className="devices__serial">{groupedCode(d.deviceId)}</span></p>
              {d.status === 'registered' ? (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={async () => {
                    try {
                      await claimDevice(store, user.uuid, d.deviceId);
                      setNotice('202');
                      await queryClient.invalidateQueries({ queryKey: devicesQueryKey(user.uuid) });
                    } catch (error) {
                      setNotice(deviceStatusOf(error));
                    }
                  }}
                >{t('devices.order.registerThis')}</button>
              ) : (
                <p>{t('devices.order.registered')}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
