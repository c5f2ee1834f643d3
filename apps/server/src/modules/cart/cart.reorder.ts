import type { AddRequest, UserError } from './cart.add.js';

/** Magento's BatchMutationStatus of a call that tried `asked` entries of which `failed` were refused. */
export type BatchStatus = 'SUCCESS' | 'FAILURE' | 'MIXED_RESULTS';

export function batchStatus(asked: number, failed: number): BatchStatus {
  if (failed <= 0) return 'SUCCESS';
  return failed >= asked ? 'FAILURE' : 'MIXED_RESULTS';
}

/** An order line as reorderItems reads it. */
export interface ReorderLine {
  sku: string;
  parent_sku: string | null;
  product_type: string;
  qty_ordered: number;
  is_gift: boolean;
}

/** Magento's CheckoutUserInputErrorCodes. */
export type ReorderErrorCode = 'REORDER_NOT_AVAILABLE' | 'PRODUCT_NOT_FOUND' | 'NOT_SALABLE' | 'INSUFFICIENT_STOCK' | 'UNDEFINED';

export interface ReorderError {
  code: ReorderErrorCode;
  message: string;
  phrase?: UserError['phrase'];
}

/** A refused add-to-cart entry as reorderItems names it. */
export function reorderError(e: UserError): ReorderError {
  const code = e.code === 'PRODUCT_NOT_FOUND' || e.code === 'NOT_SALABLE' || e.code === 'INSUFFICIENT_STOCK' ? e.code : 'UNDEFINED';
  return { code, message: e.message, phrase: e.phrase ?? null };
}

/**
 * The add-to-cart entries that buy an order's lines again: simple, virtual and configurable lines
 * (the variant under its parent) by sku and quantity. Gifts are left to the cart's rules, which add
 * them again where they still apply; a bundle's choices are kept on the order as labels, not as
 * option ids, so a bundle line answers REORDER_NOT_AVAILABLE.
 */
export function reorderRequests(lines: ReorderLine[]): { requests: (AddRequest & { sku: string })[]; refused: ReorderError[] } {
  const requests: (AddRequest & { sku: string })[] = [];
  const refused: ReorderError[] = [];
  for (const l of lines) {
    if (l.is_gift || !(l.qty_ordered > 0)) continue;
    if (l.product_type === 'bundle') {
      refused.push({ code: 'REORDER_NOT_AVAILABLE', message: `Product "${l.sku}" cannot be reordered as it was configured; add it from its page.` });
      continue;
    }
    requests.push({ sku: l.sku, quantity: l.qty_ordered, parent_sku: l.parent_sku });
  }
  return { requests, refused };
}
