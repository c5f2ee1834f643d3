import { Mod37_36 } from '@konfirm/iso7064';
import { z } from 'zod';

/**
 * Wire contracts of the device service (`/api/devices/...`, spec §3 Device and §7 Devices), and the
 * registration code's check character, shared by the server and the storefront's form.
 */

/** A registration code (`deviceId`, the serial): 11 characters of 0-9A-Z and an ISO 7064 MOD 37-36 check character. */
export const DEVICE_CODE_LENGTH = 12;

/** The code as typed, in canonical form: upper case, without spaces or dashes. */
export function normaliseDeviceCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, '');
}

/** Whether a (normalised) code has the right length and alphabet. */
export function isDeviceCodeShaped(code: string): boolean {
  return code.length === DEVICE_CODE_LENGTH && /^[0-9A-Z]+$/.test(code);
}

/** Whether a (normalised) code's check character matches: catches a mistyped character and most swaps. */
export function hasValidCheckCharacter(code: string): boolean {
  return isDeviceCodeShaped(code) && Mod37_36.validate(code);
}

/** The check character of 11 code characters (seeding and tests). */
export function deviceCodeWithCheck(body: string): string {
  if (body.length !== DEVICE_CODE_LENGTH - 1 || !/^[0-9A-Z]+$/.test(body)) throw new Error('a device code body is 11 characters of 0-9A-Z');
  return Mod37_36.generate(body);
}

/** How a code travels in paths and bodies: any case, spaces or dashes allowed, checked for shape by the service. */
export const DeviceCodeSchema = z.string().min(1).max(40).regex(/^[0-9A-Za-z -]+$/);
const ConsumerIdSchema = z.string().uuid();
const ExternalIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/);

export const DeviceCodeParamsSchema = z.strictObject({ code: DeviceCodeSchema });
/** `userId` is optional in the schema so a missing one is answered with the spec's 'User id is not defined'. */
export const DeviceListQuerySchema = z.strictObject({ userId: z.string().uuid().optional() });
export const DeviceRegisterBodySchema = z.strictObject({ consumerId: ConsumerIdSchema.optional(), deviceId: DeviceCodeSchema });
export const DeviceConsumerBodySchema = z.strictObject({ consumerId: ConsumerIdSchema.optional() });
/** Reassign: a guest device is claimed with the external id it was registered to. */
export const DeviceReassignBodySchema = z.strictObject({ consumerId: ConsumerIdSchema.optional(), externalId: ExternalIdSchema.optional() });
export const DeviceRenameBodySchema = z.strictObject({
  consumerId: ConsumerIdSchema.optional(),
  deviceName: z.string().trim().min(1).max(60).regex(/^[^\p{Cc}]+$/u),
});
export const DeviceGuestBodySchema = z.strictObject({ deviceId: DeviceCodeSchema, externalId: ExternalIdSchema.optional() });
export const DeviceGuestUnassignBodySchema = z.strictObject({ externalId: ExternalIdSchema.optional() });

/** The header a bot-check token travels in (required for guest registration, optional elsewhere). */
export const BOT_CHECK_HEADER = 'x-bot-check-token';

export const DeviceStateSchema = z.enum(['unregistered', 'guest', 'registered', 'assigned', 'unassigned']);
export type DeviceState = z.infer<typeof DeviceStateSchema>;

/** A device as the device service answers it: every field of spec §3, plus its state and catalogue facts for display. */
export const DeviceSchema = z.object({
  consumerId: z.string().nullable(),
  deviceId: z.string(),
  externalId: z.string().nullable(),
  countryCode: z.string().nullable(),
  iotTenantCode: z.string(),
  isBluetooth: z.boolean(),
  isVirtual: z.boolean(),
  productColor: z.string(),
  productType: z.string(),
  productVersion: z.string(),
  randomCode: z.string(),
  registrationDate: z.string().nullable(),
  tenantCode: z.number(),
  tenantCodeString: z.string(),
  trackingCode: z.string(),
  userAssignmentDate: z.string().nullable(),
  userId: z.string().nullable(),
  warrantyExpiryDate: z.string().nullable(),
  deviceName: z.string().nullable(),
  productId: z.string(),
  status: DeviceStateSchema,
  /** The order it was shipped with, when the shop recorded its serial at shipment. */
  orderNumber: z.string().nullable(),
  productName: z.string(),
  colorLabel: z.string(),
  imageUrl: z.string().nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;

export const DeviceListSchema = z.object({ items: z.array(DeviceSchema) });
export type DeviceList = z.infer<typeof DeviceListSchema>;

/** A write's answer: 202 accepted with the device as it now is. */
export const DeviceAcceptedSchema = z.object({ status: z.literal('accepted'), device: DeviceSchema });
export type DeviceAccepted = z.infer<typeof DeviceAcceptedSchema>;

/** An unassignment's answer: the device is no longer the caller's, so only its code comes back. */
export const DeviceReleasedSchema = z.object({ status: z.literal('accepted'), deviceId: z.string() });

/** A code check: the model a genuine code belongs to, never who holds it. */
export const DeviceValidationSchema = z.object({
  deviceId: z.string(),
  valid: z.literal(true),
  productId: z.string(),
  productType: z.string(),
  productColor: z.string(),
  productName: z.string(),
  colorLabel: z.string(),
});
export type DeviceValidation = z.infer<typeof DeviceValidationSchema>;

/** An ALTCHA challenge (proof of work) or, with a hosted provider, its site key. */
export const BotCheckChallengeSchema = z.object({
  provider: z.enum(['altcha', 'turnstile']),
  parameters: z.record(z.string(), z.unknown()).optional(),
  signature: z.string().optional(),
  siteKey: z.string().optional(),
});
export type BotCheckChallenge = z.infer<typeof BotCheckChallengeSchema>;

/** Operator: the serial of a device shipped with an order (`POST /admin/orders/{number}/devices`). */
export const OrderDeviceBodySchema = z.strictObject({ serial: DeviceCodeSchema });
export const OrderDeviceRecordedSchema = z.object({ status: z.literal('accepted'), deviceId: z.string(), orderNumber: z.string() });
