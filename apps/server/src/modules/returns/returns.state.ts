import type { ReturnItemStatus, ReturnStatus } from '@ember/contracts';

/**
 * The return's state machine (docs/decisions/0077), pure. Items move PENDING → AUTHORIZED | DENIED,
 * AUTHORIZED → RECEIVED, RECEIVED → APPROVED | REJECTED; the return's status follows from its items,
 * as Adobe Commerce's RMA statuses do, until it is closed.
 */

export type ReturnAction = 'authorize' | 'deny' | 'receive' | 'approve' | 'reject' | 'close';

const FINAL: ReadonlySet<ReturnStatus> = new Set(['PROCESSED_AND_CLOSED', 'CLOSED']);

/** The return statuses each action may start from. */
const FROM: Record<ReturnAction, ReadonlySet<ReturnStatus>> = {
  authorize: new Set(['PENDING']),
  deny: new Set(['PENDING']),
  receive: new Set(['AUTHORIZED', 'PARTIALLY_AUTHORIZED', 'PARTIALLY_RECEIVED']),
  approve: new Set(['RECEIVED', 'PARTIALLY_RECEIVED', 'PARTIALLY_APPROVED', 'PARTIALLY_REJECTED']),
  reject: new Set(['RECEIVED', 'PARTIALLY_RECEIVED', 'PARTIALLY_APPROVED', 'PARTIALLY_REJECTED']),
  close: new Set(['PENDING', 'AUTHORIZED', 'PARTIALLY_AUTHORIZED', 'RECEIVED', 'PARTIALLY_RECEIVED', 'APPROVED', 'PARTIALLY_APPROVED', 'REJECTED', 'PARTIALLY_REJECTED', 'DENIED']),
};

/** The item status each per-item action needs. */
export const ITEM_FROM: Record<'receive' | 'approve' | 'reject', ReturnItemStatus> = { receive: 'AUTHORIZED', approve: 'RECEIVED', reject: 'RECEIVED' };

export function isAllowed(action: ReturnAction, status: ReturnStatus): boolean {
  return !FINAL.has(status) && FROM[action].has(status);
}

/** What the return's status is, given its items after an action (not for closing). */
export function statusOf(items: readonly { status: ReturnItemStatus; request_quantity: number; authorized_quantity: number | null }[]): ReturnStatus {
  const live = items.filter((i) => i.status !== 'DENIED');
  if (live.length === 0) return 'DENIED';
  const has = (s: ReturnItemStatus) => live.some((i) => i.status === s);
  const all = (s: ReturnItemStatus) => live.every((i) => i.status === s);
  if (all('PENDING')) return 'PENDING';
  const decided = live.filter((i) => i.status === 'APPROVED' || i.status === 'REJECTED');
  if (decided.length > 0) {
    if (decided.length === live.length) return all('APPROVED') ? 'APPROVED' : all('REJECTED') ? 'REJECTED' : 'PARTIALLY_APPROVED';
    return has('APPROVED') ? 'PARTIALLY_APPROVED' : 'PARTIALLY_REJECTED';
  }
  if (has('RECEIVED')) return all('RECEIVED') ? 'RECEIVED' : 'PARTIALLY_RECEIVED';
  const whole = live.length === items.length && live.every((i) => i.authorized_quantity === i.request_quantity);
  return whole ? 'AUTHORIZED' : 'PARTIALLY_AUTHORIZED';
}

/**
 * An item's refund at approval: its share of the line's refundable total (incl. tax, less the line's
 * discount), so that all the line's units together refund exactly the line and never more.
 */
export function refundShare(line: { line_refundable: number; qty_ordered: number }, approvedBefore: number, approvedNow: number): number {
  const upTo = (q: number) => Math.round((line.line_refundable * Math.min(q, line.qty_ordered)) / line.qty_ordered);
  return upTo(approvedBefore + approvedNow) - upTo(approvedBefore);
}
