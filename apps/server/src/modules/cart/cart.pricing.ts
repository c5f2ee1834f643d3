/**
 * Cart arithmetic, pure and in integer minor units. Every catalogue price already contains the
 * store view's tax (docs/decisions/0007): tax is the part of a gross amount at the rate,
 * round(gross × rate / (1 + rate)), and discounts reduce the gross item amounts.
 */

export interface PricedLine {
  key: string;
  unit_price: number;
  quantity: number;
  /** Gift lines cost nothing and take no discount. */
  is_gift: boolean;
}

export interface RuleForPricing {
  code: string;
  label: string;
  discount_type: 'percent' | 'fixed';
  discount_value: number;
}

export interface Totals {
  rows: Map<string, { row_total: number; row_tax: number; row_discount: number }>;
  subtotal_incl_tax: number;
  subtotal_excl_tax: number;
  /** coupon_code is null for a discount no coupon gave (a loyalty campaign). */
  discounts: { label: string; amount: number; coupon_code: string | null }[];
  discount_total: number;
  subtotal_with_discount_excl_tax: number;
  shipping_incl_tax: number;
  shipping_tax: number;
  tax_total: number;
  grand_total: number;
}

/** The tax contained in a gross amount at `rateBp` basis points. */
export function taxOf(gross: number, rateBp: number): number {
  return Math.round((gross * rateBp) / (10_000 + rateBp));
}

/** What one rule takes off `base` (the item subtotal still left after earlier rules). */
export function ruleDiscount(rule: Pick<RuleForPricing, 'discount_type' | 'discount_value'>, base: number): number {
  const raw = rule.discount_type === 'percent' ? Math.round((base * rule.discount_value) / 10_000) : rule.discount_value;
  return Math.max(0, Math.min(raw, base));
}

/** Spreads `amount` over rows in proportion to their totals; rounding remainders go to the largest rows first. */
export function allocate(amount: number, rows: { key: string; total: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  const sum = rows.reduce((s, r) => s + r.total, 0);
  if (sum <= 0 || amount <= 0) {
    for (const r of rows) out.set(r.key, 0);
    return out;
  }
  let given = 0;
  for (const r of rows) {
    const share = Math.floor((amount * r.total) / sum);
    out.set(r.key, share);
    given += share;
  }
  const order = [...rows].sort((a, b) => b.total - a.total);
  for (let i = 0; given < amount; i = (i + 1) % order.length) {
    const r = order[i]!;
    if (out.get(r.key)! < r.total) {
      out.set(r.key, out.get(r.key)! + 1);
      given++;
    }
  }
  return out;
}

export function computeTotals(lines: PricedLine[], rules: RuleForPricing[], shippingInclTax: number, rateBp: number): Totals {
  const rows = new Map<string, { row_total: number; row_tax: number; row_discount: number }>();
  const discountable: { key: string; total: number }[] = [];
  let subtotal = 0;
  for (const l of lines) {
    const rowTotal = l.is_gift ? 0 : l.unit_price * l.quantity;
    subtotal += rowTotal;
    rows.set(l.key, { row_total: rowTotal, row_tax: taxOf(rowTotal, rateBp), row_discount: 0 });
    if (rowTotal > 0) discountable.push({ key: l.key, total: rowTotal });
  }
  const discounts: Totals['discounts'] = [];
  let remaining = subtotal;
  for (const rule of rules) {
    const amount = ruleDiscount(rule, remaining);
    if (amount <= 0) continue;
    remaining -= amount;
    discounts.push({ label: rule.label, amount, coupon_code: rule.code || null });
  }
  const discountTotal = subtotal - remaining;
  for (const [key, share] of allocate(discountTotal, discountable)) rows.get(key)!.row_discount = share;
  const shippingTax = taxOf(shippingInclTax, rateBp);
  const itemTax = taxOf(remaining, rateBp);
  return {
    rows,
    subtotal_incl_tax: subtotal,
    subtotal_excl_tax: subtotal - taxOf(subtotal, rateBp),
    discounts,
    discount_total: discountTotal,
    subtotal_with_discount_excl_tax: remaining - itemTax,
    shipping_incl_tax: shippingInclTax,
    shipping_tax: shippingTax,
    tax_total: itemTax + shippingTax,
    grand_total: remaining + shippingInclTax,
  };
}

/** A shipping method's price for a cart: free once the discounted item subtotal reaches its threshold. */
export function shippingAmount(m: { amount_minor: number; free_above_minor: number | null }, itemsAfterDiscount: number): number {
  return m.free_above_minor !== null && itemsAfterDiscount >= m.free_above_minor ? 0 : m.amount_minor;
}
