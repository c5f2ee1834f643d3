import { describe, expect, it } from 'vitest';
import { isAllowed, refundShare, statusOf } from './returns.state.js';

const item = (status: Parameters<typeof statusOf>[0][number]['status'], request = 2, authorized: number | null = null) => ({ status, request_quantity: request, authorized_quantity: authorized });

describe('the return state machine', () => {
  it('derives the return’s status from its items, with the partial variants', () => {
    expect(statusOf([item('PENDING'), item('PENDING')])).toBe('PENDING');
    expect(statusOf([item('AUTHORIZED', 2, 2), item('AUTHORIZED', 1, 1)])).toBe('AUTHORIZED');
    expect(statusOf([item('AUTHORIZED', 2, 1)])).toBe('PARTIALLY_AUTHORIZED');
    expect(statusOf([item('AUTHORIZED', 2, 2), item('DENIED', 1, 0)])).toBe('PARTIALLY_AUTHORIZED');
    expect(statusOf([item('DENIED', 2, 0), item('DENIED', 1, 0)])).toBe('DENIED');
    expect(statusOf([item('RECEIVED', 2, 2), item('AUTHORIZED', 1, 1)])).toBe('PARTIALLY_RECEIVED');
    expect(statusOf([item('RECEIVED', 2, 2), item('DENIED', 1, 0)])).toBe('RECEIVED');
    expect(statusOf([item('APPROVED', 2, 2), item('RECEIVED', 1, 1)])).toBe('PARTIALLY_APPROVED');
    expect(statusOf([item('REJECTED', 2, 2), item('RECEIVED', 1, 1)])).toBe('PARTIALLY_REJECTED');
    expect(statusOf([item('APPROVED', 2, 2), item('REJECTED', 1, 1)])).toBe('PARTIALLY_APPROVED');
    expect(statusOf([item('APPROVED', 2, 2), item('APPROVED', 1, 1)])).toBe('APPROVED');
    expect(statusOf([item('REJECTED', 2, 2)])).toBe('REJECTED');
  });

  it('allows each step only from its statuses and nothing once closed', () => {
    expect(isAllowed('authorize', 'PENDING')).toBe(true);
    expect(isAllowed('authorize', 'AUTHORIZED')).toBe(false);
    expect(isAllowed('receive', 'PENDING')).toBe(false);
    expect(isAllowed('receive', 'PARTIALLY_AUTHORIZED')).toBe(true);
    expect(isAllowed('approve', 'AUTHORIZED')).toBe(false);
    expect(isAllowed('approve', 'PARTIALLY_REJECTED')).toBe(true);
    expect(isAllowed('deny', 'AUTHORIZED')).toBe(false);
    expect(isAllowed('close', 'DENIED')).toBe(true);
    for (const action of ['authorize', 'deny', 'receive', 'approve', 'reject', 'close'] as const) {
      expect(isAllowed(action, 'CLOSED')).toBe(false);
      expect(isAllowed(action, 'PROCESSED_AND_CLOSED')).toBe(false);
    }
  });

  it('refunds a line’s units so that together they give back exactly the line', () => {
    const line = { line_refundable: 1000, qty_ordered: 3 };
    const parts = [refundShare(line, 0, 1), refundShare(line, 1, 1), refundShare(line, 2, 1)];
    expect(parts).toEqual([333, 334, 333]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(refundShare(line, 0, 3)).toBe(1000);
    expect(refundShare(line, 3, 1)).toBe(0);
  });
});
