/**
 * Where the checkout renders an order attribute's form (spec §2). An attribute configured at any
 * other placement is dropped with a warning and not rendered (spec §5; docs/decisions/0074).
 */
export const ORDER_ATTRIBUTE_PLACEMENTS = [
  'contactDetails_before',
  'contactDetails_after',
  'shippingAddress_before',
  'shippingAddress_after',
  'billingaddress_before',
  'billingaddress_after',
  'buttonDelivery_before',
  'buttonPlaceOrder_before',
] as const;

export type OrderAttributePlacement = (typeof ORDER_ATTRIBUTE_PLACEMENTS)[number];

export function isOrderAttributePlacement(value: unknown): value is OrderAttributePlacement {
  return (ORDER_ATTRIBUTE_PLACEMENTS as readonly unknown[]).includes(value);
}
