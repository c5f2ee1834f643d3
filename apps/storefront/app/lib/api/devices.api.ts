import { DEFAULT_REQUEST_TIMEOUT_MS, BOT_CHECK_HEADER, type Device, type DeviceValidation, type ErrorCode } from '@ember/contracts';
import { contract, restCall, type ContractSource, type RestMethod, type RestService } from './rest';
import { errorCodeOf } from './error-code';

/**
 * The device service (`/api/devices`): the only code that calls it. Same-origin calls; the session
 * travels in the httpOnly cookie, the consumer id is the session's own (the server checks it).
 */

export type { Device, DeviceValidation };

/** Where the bot-check widget fetches its challenge. */
export const BOT_CHECK_CHALLENGE_URL = '/api/devices/bot-check';

export class DevicesApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: ErrorCode) {
    super(message);
    this.name = 'DevicesApiError';
  }
}

export function isDevicesApiError(error: unknown): error is DevicesApiError {
  return error instanceof DevicesApiError;
}

const DEVICES: RestService = {
  name: 'device',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message }) => new DevicesApiError(message, status, status === 0 ? 'SERVICE_UNAVAILABLE' : errorCodeOf(code) ?? 'INTERNAL'),
};

function call<T>(path: string, store: string, schema: ContractSource<T>, init: { method?: RestMethod; body?: unknown; botToken?: string } = {}): Promise<T> {
  const headers = init.botToken ? { [BOT_CHECK_HEADER]: init.botToken } : undefined;
  return restCall(DEVICES, path, { store, schema, method: init.method, body: init.body, headers });
}

const device = (code: string) => `/api/devices/${encodeURIComponent(code)}`;

export async function fetchDevices(store: string, uuid: string): Promise<Device[]> {
  return (await call(`/api/devices?userId=${encodeURIComponent(uuid)}`, store, contract('DeviceListSchema'))).items;
}

export async function registerDevice(store: string, uuid: string, code: string): Promise<Device> {
  return (await call('/api/devices', store, contract('DeviceAcceptedSchema'), { method: 'POST', body: { consumerId: uuid, deviceId: code } })).device;
}

export async function unassignDevice(store: string, uuid: string, code: string): Promise<void> {
  await call(`${device(code)}/unassign`, store, contract('DeviceReleasedSchema'), { method: 'PUT', body: { consumerId: uuid } });
}

export async function renameDevice(store: string, uuid: string, code: string, deviceName: string): Promise<Device> {
  return (await call(`${device(code)}/name`, store, contract('DeviceAcceptedSchema'), { method: 'PATCH', body: { consumerId: uuid, deviceName } })).device;
}

/** Confirms a device recorded at shipment (or claims a guest device with its external id) as the customer's. */
export async function claimDevice(store: string, uuid: string, code: string, externalId?: string): Promise<Device> {
  return (await call(`${device(code)}/consumer`, store, contract('DeviceAcceptedSchema'), { method: 'PATCH', body: { consumerId: uuid, ...(externalId ? { externalId } : {}) } })).device;
}

export const validateDeviceCode = (store: string, code: string) => call(`/api/devices/validation/${encodeURIComponent(code)}`, store, contract('DeviceValidationSchema'));

/** A guest's registration, with the solved bot check. */
export async function registerGuestDevice(store: string, code: string, externalId: string, botToken: string): Promise<Device> {
  return (await call('/api/devices/guest', store, contract('DeviceAcceptedSchema'), { method: 'POST', body: { deviceId: code, externalId }, botToken })).device;
}

/**
 * The spec's notification title of a device call's status (§8): 202 accepted, 400 bad request, 401
 * unauthorized user, 406 invalid registration code, 409 registered already to another user, 500
 * processing error. Any other failure is said as a processing error.
 */
export type DeviceStatusKey = '202' | '400' | '401' | '406' | '409' | '429' | '500';

export function deviceStatusOf(error: unknown): DeviceStatusKey {
  if (!isDevicesApiError(error)) return '500';
  const s = String(error.status);
  return (['400', '401', '406', '409', '429'] as const).find((k) => k === s) ?? '500';
}

/** Statuses whose message suggests trying again later (spec §8: 400, 401 and 500). */
export const TRY_LATER: readonly DeviceStatusKey[] = ['400', '401', '429', '500'];
