import { createHash } from 'node:crypto';

/**
 * How the payments module names a guest's cart without keeping its id: the SHA-256 of the masked
 * cart id, in hex. A payment remembers it (`cart_id_hash`) and a guest's Idempotency-Key scope is
 * made of it, so both always agree.
 */
export const hashCartId = (cartId: string): string => createHash('sha256').update(cartId, 'utf8').digest('hex');
