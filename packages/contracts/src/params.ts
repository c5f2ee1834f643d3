import { z } from 'zod';

/** Path parameters shared by several REST services. */

/** `/{uuid}`: a customer or other entity named by its UUID. */
export const UuidParamsSchema = z.strictObject({ uuid: z.string().uuid() });
/** `/{id}`: a customer named by its UUID under the `id` name (loyalty, referral). */
export const IdParamsSchema = z.strictObject({ id: z.string().uuid() });
