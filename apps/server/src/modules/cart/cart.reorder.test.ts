import { describe, expect, it } from 'vitest';
import { batchStatus, reorderError, reorderRequests } from './cart.reorder.js';

describe('batchStatus', () => {
  it('is SUCCESS with no refusal, FAILURE when every entry was refused and MIXED_RESULTS in between', () => {
    expect(batchStatus(3, 0)).toBe('SUCCESS');
    expect(batchStatus(0, 0)).toBe('SUCCESS');
    expect(batchStatus(3, 1)).toBe('MIXED_RESULTS');
    expect(batchStatus(3, 3)).toBe('FAILURE');
    expect(batchStatus(1, 2)).toBe('FAILURE');
  });
});

describe('reorderRequests', () => {
  const line = (over: Partial<Parameters<typeof reorderRequests>[0][number]>) => ({ sku: 'A', parent_sku: null, product_type: 'simple', qty_ordered: 2, is_gift: false, ...over });

  it('asks again for simple and configurable lines, leaves gifts to the rules and refuses bundles as REORDER_NOT_AVAILABLE', () => {
    const { requests, refused } = reorderRequests([
      line({}),
      line({ sku: 'V-RED', parent_sku: 'V', product_type: 'configurable', qty_ordered: 1 }),
      line({ sku: 'GIFT', is_gift: true }),
      line({ sku: 'BOX', product_type: 'bundle' }),
    ]);
    expect(requests).toEqual([{ sku: 'A', quantity: 2, parent_sku: null }, { sku: 'V-RED', quantity: 1, parent_sku: 'V' }]);
    expect(refused).toEqual([{ code: 'REORDER_NOT_AVAILABLE', message: expect.stringContaining('BOX') }]);
  });

  it("names an add-to-cart refusal with Magento's checkout codes", () => {
    expect(reorderError({ code: 'INSUFFICIENT_STOCK', message: 'm' }).code).toBe('INSUFFICIENT_STOCK');
    expect(reorderError({ code: 'CARTONS_LIMIT', message: 'm' }).code).toBe('UNDEFINED');
  });
});
