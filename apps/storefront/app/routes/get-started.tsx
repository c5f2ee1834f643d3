import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/get-started';
import { RouteError } from '../components/common/route-error';
import { BotCheck } from '../components/devices/bot-check';
import { DeviceCodeField } from '../components/devices/device-code-field';
import { DeviceStatusNotice } from '../components/devices/device-status';
import { LegalText } from '../components/legal/legal-text';
import { findContentPage } from '../lib/api/blog.api';
import { browserScope, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { deviceStatusOf, registerGuestDevice, type Device, type DeviceStatusKey } from '../lib/api/devices.api';
import { deviceCodeResolver, groupedCode, type DeviceCodeValues } from '../lib/devices/device-code';
import { pageMeta, storeFromMatches, translatorFor } from '../lib/meta';
import { publicUrl } from '../lib/seo';
import { canonicalMeta } from '../lib/seo-meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'get-started', section: 'devices' } satisfies PageTracking,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  const store = storeFromMatches(matches);
  const page = loaderData?.page;
  return [
    ...pageMeta(page?.title ?? t('devices.guest.title'), page?.meta_description),
    ...(store ? [canonicalMeta(publicUrl(store, '/get-started'))] : []),
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadGetStarted(serverScope(context, params.store));
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadGetStarted(browserScope(params.store));
}

/** The page's title and introduction are content data (`contentPage`); the form is the devices service's. */
async function loadGetStarted(scope: StoreScope) {
  await requireStore(scope);
  return { page: await findContentPage(scope.catalog, 'get-started') };
}

const GUEST_ID_KEY = 'ember.device-guest-id';

/** The browser's guest id (the external id its devices are registered to), made once and kept. */
function guestId(): string {
  let id = window.localStorage.getItem(GUEST_ID_KEY);
  if (!id || !/^[A-Za-z0-9_-]{16,100}$/.test(id)) {
    id = `guest-${crypto.randomUUID()}`;
    window.localStorage.setItem(GUEST_ID_KEY, id);
  }
  return id;
}

/**
 * `/get-started`: a guest registers a new device with its code and the bot check; the device is
 * kept under this browser's guest id and can be claimed later from an account.
 */
export default function GetStarted({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const [token, setToken] = useState<string | null>(null);
  const [status, setStatus] = useState<DeviceStatusKey | null>(null);
  const [device, setDevice] = useState<Device | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<DeviceCodeValues, unknown, DeviceCodeValues>({
    resolver: deviceCodeResolver,
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    if (!token) {
      setStatus('400');
      return;
    }
    try {
      setDevice(await registerGuestDevice(store.store_code, code, guestId(), token));
      setStatus('202');
    } catch (error) {
      setStatus(deviceStatusOf(error));
    } finally {
      // A token is good for one call: the next try solves a new challenge.
      setToken(null);
      setAttempt((n) => n + 1);
    }
  });

  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(store.locale.replace('_', '-'), { dateStyle: 'long' }).format(new Date(iso)) : '–');

  return (
    <div className="get-started">
      <h1>{loaderData.page?.title ?? t('devices.guest.title')}</h1>
      {loaderData.page ? <LegalText markdown={loaderData.page.content} /> : <p>{t('devices.guest.intro')}</p>}
      {status && <DeviceStatusNotice status={status} />}
      {device ? (
        <div className="devices__card" data-serial={device.deviceId}>
          <div className="devices__facts">
            <h2 className="devices__name">{device.productName}</h2>
            <dl>
              <div><dt>{t('devices.colour')}</dt><dd>{device.colorLabel}</dd></div>
              <div><dt>{t('devices.serial')}</dt><dd className="devices__serial">{groupedCode(device.deviceId)}</dd></div>
              <div><dt>{t('devices.warrantyEnd')}</dt><dd data-testid="warranty-end">{date(device.warrantyExpiryDate)}</dd></div>
            </dl>
            <p>{t('devices.guest.keep')} <a href={storePath(store.store_code, '/register')}>{t('devices.guest.createAccount')}</a></p>
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="get-started-form">
          <h2 id="get-started-form">{t('devices.registerHeading')}</h2>
          <DeviceCodeField registration={register('code')} error={errors.code} />
          <BotCheck key={attempt} language={store.language} onToken={setToken} />
          <button type="submit" className="button button--primary" disabled={isSubmitting || !token}>{t('devices.register')}</button>
        </form>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
