import { toMajor } from '@ember/contracts';
import type { StatusRow, AddressRow, ItemRow, AttributeRow } from './orders.store.js';
import type { OrderView } from './orders.service.js';

/** Turns stored orders into Magento's GraphQL shapes (CustomerOrder, OrderItemInterface, ...). */

const uid = (raw: string) => Buffer.from(raw).toString('base64');

const formats = new Map<string, Intl.NumberFormat>();

/** An amount for people: the currency's symbol and the locale's separators (formatters are built once per locale and currency). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency })));
  return format.format(toMajor(amount, currency));
}

export const money = (amount: number, currency: string) => ({ value: toMajor(amount, currency), currency });

/** Magento's order_date format: "YYYY-MM-DD HH:MM:SS" in UTC. */
export function magentoDate(d: Date): string {
  return new Date(d).toISOString().slice(0, 19).replace('T', ' ');
}

/** Where the signed-in owner downloads an order's invoice. */
export function invoiceUrl(entityId: string): string {
  return `/api/orders/${entityId}/invoice`;
}

/** An invoice exists once the order is paid, or when it was placed with nothing left to pay and not cancelled. */
export function hasInvoice(v: OrderView): boolean {
  if (v.order.paid_at) return true;
  return v.history[0]?.to_status === 'pending' && v.order.status !== 'canceled';
}

export function invoiceNumber(orderNumber: string): string {
  return `INV-${orderNumber}`;
}

function itemStatus(i: ItemRow): string {
  if (i.qty_canceled >= i.qty_ordered) return 'Canceled';
  if (i.qty_refunded >= i.qty_ordered) return 'Refunded';
  if (i.qty_shipped > 0) return i.qty_shipped + i.qty_canceled >= i.qty_ordered ? 'Shipped' : 'Partially shipped';
  return 'Ordered';
}

function address(a: AddressRow | undefined) {
  if (!a) return null;
  return {
    firstname: a.firstname,
    lastname: a.lastname,
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    country_code: a.country_code,
    region: a.region,
    telephone: a.telephone,
    pickup_location_code: a.pickup_store_id,
    pickup_location_name: a.pickup_name,
    local_details: Object.entries(a.extra).map(([name, value]) => ({ name, value })),
  };
}

function item(i: ItemRow, currency: string, paid: boolean) {
  const base = {
    __typename: i.product_type === 'bundle' ? 'BundleOrderItem' : 'OrderItem',
    id: uid(`order-item/${i.uid}`),
    product_name: i.name,
    product_sku: i.sku,
    product_type: i.product_type,
    status: itemStatus(i),
    product_sale_price: money(i.unit_price_incl_tax, currency),
    product_sale_price_including_tax: money(i.unit_price_incl_tax, currency),
    row_total_including_tax: money(i.row_total_incl_tax, currency),
    discounts: i.row_discount > 0 ? [{ amount: money(i.row_discount, currency), applied_to: 'ITEM', label: 'Discount', coupon: null }] : [],
    selected_options: i.selected_options,
    quantity_ordered: i.qty_ordered,
    quantity_shipped: i.qty_shipped,
    quantity_refunded: i.qty_refunded,
    quantity_invoiced: paid ? i.qty_ordered - i.qty_canceled : 0,
    quantity_canceled: i.qty_canceled,
    gift_data: { is_gift: i.is_gift, parent_gift_sku: i.parent_gift_sku },
  };
  if (i.product_type !== 'bundle') return base;
  return {
    ...base,
    bundle_options: i.bundle_options.map((o, n) => ({
      uid: uid(`order-item/${i.uid}/option/${n}`),
      label: o.label,
      values: o.values.map((v) => ({
        uid: uid(`order-item/${i.uid}/option/${n}/${v.sku}`),
        product_name: v.name,
        product_sku: v.sku,
        quantity: v.quantity,
        price: money(v.price_incl_tax, currency),
      })),
    })),
  };
}

function totals(v: OrderView) {
  const o = v.order;
  const c = o.currency;
  return {
    subtotal: money(o.subtotal_excl_tax, c),
    subtotal_including_tax: money(o.subtotal_incl_tax, c),
    discounts: v.discounts.map((d) => ({
      amount: money(d.amount, c),
      applied_to: 'ITEM',
      label: d.label,
      coupon: d.coupon_code ? { code: d.coupon_code } : null,
    })),
    total_tax: money(o.tax_total, c),
    taxes: v.taxes.map((t) => ({ amount: money(t.amount, c), title: t.label, rate: t.rate_percent ?? 0 })),
    grand_total: money(o.grand_total, c),
    base_grand_total: money(o.grand_total, c),
    total_shipping: money(o.shipping_incl_tax, c),
    total_refunded: money(o.refunded_total, c),
    grand_total_after_refund: money(o.grand_total - o.refunded_total, c),
  };
}

/** CustomerOrder with the spec's extensions; `statuses` gives labels and the cancelable flag. */
export function customerOrder(
  v: OrderView, statuses: StatusRow[],
  opts: { cancellationEnabled: boolean; trialStores: Set<string>; paymentTitle?: (code: string) => string },
) {
  const o = v.order;
  const status = statuses.find((s) => s.code === o.status);
  const label = (code: string) => statuses.find((s) => s.code === code)?.label ?? code;
  const paid = o.paid_at !== null;
  const shippingCode = o.shipping_carrier_code ? `${o.shipping_carrier_code}_${o.shipping_method_code}` : null;
  const t = totals(v);
  return {
    id: uid(o.entity_id),
    entity_id: o.entity_id,
    number: o.order_number,
    order_date: magentoDate(o.created_at),
    status: status?.label ?? o.status,
    status_code: o.status,
    status_reason: o.status_reason_code ? { reason_code: o.status_reason_code, reason_message: o.status_reason_message } : null,
    is_cancelable: Boolean(status?.cancelable) && opts.cancellationEnabled,
    website_code: o.website_code,
    store_code: o.store_code,
    order_type: opts.trialStores.has(o.store_code) ? 'TRIAL' : 'REGULAR',
    total_after_trial: o.total_after_trial === null ? null : money(o.total_after_trial, o.currency),
    email: o.email,
    items: v.items.map((i) => item(i, o.currency, paid)),
    total: t,
    invoices: hasInvoice(v)
      ? [{ id: uid(`invoice/${o.entity_id}`), number: invoiceNumber(o.order_number), total: t, url: invoiceUrl(o.entity_id) }]
      : [],
    shipments: v.shipments.map((s) => ({
      id: uid(`shipment/${s.uid}`),
      number: s.number,
      tracking: s.tracks.map((tr) => ({ title: tr.carrier, carrier: tr.carrier, number: tr.number, track_url: tr.track_url })),
    })),
    // The method's name in the store view's language (Magento's name is the title); type and code stay the code.
    payment_methods: [{ name: opts.paymentTitle?.(o.payment_method_code) ?? o.payment_method_code, type: o.payment_method_code, method_code: o.payment_method_code, additional_data: [] }],
    shipping_address: address(v.addresses.find((a) => a.kind === 'shipping')),
    billing_address: address(v.addresses.find((a) => a.kind === 'billing')),
    carrier: o.shipping_carrier_title,
    shipping_method: o.shipping_carrier_title ? `${o.shipping_carrier_title} - ${o.shipping_method_title}` : null,
    shipping_method_code: shippingCode,
    comments: v.history.map((h) => ({ timestamp: magentoDate(h.created_at), message: label(h.to_status) })),
    applied_coupons: o.coupon_codes.map((code) => ({ code })),
    additional_attributes: v.attributes.map((a) => ({ __typename: 'AttributeValue', code: a.code, value: a.value })),
    accepted_agreements: o.accepted_agreements,
  };
}

export function exportedOrder(v: OrderView) {
  const o = v.order;
  return {
    number: o.order_number,
    entity_id: o.entity_id,
    order_date: new Date(o.created_at).toISOString(),
    status: o.status,
    store_code: o.store_code,
    website_code: o.website_code,
    email: o.email,
    grand_total: money(o.grand_total, o.currency),
    payment_method_code: o.payment_method_code,
    shipping_method_code: o.shipping_carrier_code ? `${o.shipping_carrier_code}_${o.shipping_method_code}` : null,
    items: v.items.map((i) => ({ sku: i.sku, name: i.name, quantity: i.qty_ordered, row_total: money(i.row_total_incl_tax, o.currency) })),
    shipping_address: address(v.addresses.find((a) => a.kind === 'shipping')),
    billing_address: address(v.addresses.find((a) => a.kind === 'billing')),
  };
}

const FRONTEND_INPUT: Record<string, string> = {
  text: 'TEXT',
  textarea: 'TEXTAREA',
  select: 'SELECT',
  boolean: 'BOOLEAN',
  date: 'DATE',
  checkbox: 'BOOLEAN',
};

export function attributeMetadata(a: AttributeRow) {
  const rules: { name: string; value: string }[] = [];
  if (a.min_length !== null) rules.push({ name: 'MIN_TEXT_LENGTH', value: String(a.min_length) });
  if (a.max_length !== null) rules.push({ name: 'MAX_TEXT_LENGTH', value: String(a.max_length) });
  if (a.validate_regex) rules.push({ name: 'INPUT_VALIDATION', value: a.validate_regex });
  return {
    __typename: 'OrderAttributeMetadata',
    code: a.code,
    label: a.label,
    entity_type: 'SALES_ORDER',
    frontend_input: FRONTEND_INPUT[a.input_type] ?? 'UNDEFINED',
    frontend_class: null,
    is_required: a.is_required,
    default_value: a.default_value,
    is_unique: false,
    options: a.options.map((o) => ({ __typename: 'AttributeOptionMetadata', label: o.label, value: o.value, is_default: o.value === a.default_value })),
    placement: a.placement,
    sort_order: a.sort_order,
    placeholder: a.placeholder,
    description: a.description,
    data_type: a.data_type,
    validate_rules: rules,
  };
}
