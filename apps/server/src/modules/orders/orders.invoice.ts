import type { OrderView } from './orders.service.js';
import { formatMoney, invoiceNumber } from './orders.mapper.js';
import { A4, monoWidth, writePdf, type PdfItem } from './orders.pdf.js';

const TEXTS = {
  en: {
    title: 'Invoice',
    invoice: 'Invoice number',
    order: 'Order number',
    orderDate: 'Order date',
    invoiceDate: 'Invoice date',
    billTo: 'Bill to',
    shipTo: 'Ship to',
    item: 'Item',
    qty: 'Qty',
    price: 'Price',
    total: 'Total',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    grandTotal: 'Grand total',
    refunded: 'Refunded',
    taxIncluded: (label: string, rate: number) => `incl. ${label} ${rate}%`,
    payment: 'Payment method',
    pricesInclTax: 'All prices include tax.',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
  de: {
    title: 'Rechnung',
    invoice: 'Rechnungsnummer',
    order: 'Bestellnummer',
    orderDate: 'Bestelldatum',
    invoiceDate: 'Rechnungsdatum',
    billTo: 'Rechnungsadresse',
    shipTo: 'Lieferadresse',
    item: 'Artikel',
    qty: 'Menge',
    price: 'Preis',
    total: 'Summe',
    subtotal: 'Zwischensumme',
    shipping: 'Versand',
    grandTotal: 'Gesamtbetrag',
    refunded: 'Erstattet',
    taxIncluded: (label: string, rate: number) => `inkl. ${label} ${rate} %`,
    payment: 'Zahlungsart',
    pricesInclTax: 'Alle Preise inklusive Steuern.',
    page: (n: number, of: number) => `Seite ${n} von ${of}`,
  },
};

const LEFT = 50;
const RIGHT = A4.width - 50;
const MONO = 9;

/** Renders an order's invoice as a PDF in the order's language (English or German). */
export function renderInvoice(v: OrderView, opts: { seller: string; locale: string }): Buffer {
  const o = v.order;
  const t = o.language === 'de' ? TEXTS.de : TEXTS.en;
  const money = (n: number) => formatMoney(n, o.currency, opts.locale);
  const date = (d: Date) => new Intl.DateTimeFormat(opts.locale.replace('_', '-'), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(d));

  const pages: PdfItem[][] = [];
  let page: PdfItem[] = [];
  let y = A4.height - 60;
  const newPage = () => {
    pages.push(page);
    page = [];
    y = A4.height - 60;
  };
  const text = (x: number, s: string, size = 10, font: 'regular' | 'bold' | 'mono' = 'regular') => page.push({ kind: 'text', x, y, size, font, text: s });
  const right = (s: string) => text(RIGHT - monoWidth(s, MONO), s, MONO, 'mono');
  const line = (gap = 14) => {
    y -= gap;
    if (y < 70) newPage();
  };

  text(LEFT, opts.seller, 16, 'bold');
  text(RIGHT - 120, t.title, 16, 'bold');
  line(28);
  for (const [label, value] of [
    [t.invoice, invoiceNumber(o.order_number)],
    [t.order, o.order_number],
    [t.orderDate, date(o.created_at)],
    [t.invoiceDate, date(o.paid_at ?? o.created_at)],
  ] as const) {
    text(LEFT, label, 10, 'bold');
    text(LEFT + 130, value);
    line();
  }
  line(10);
  const billing = v.addresses.find((a) => a.kind === 'billing');
  const shipping = v.addresses.find((a) => a.kind === 'shipping');
  const addressLines = (a: typeof billing) =>
    a ? [`${a.firstname} ${a.lastname}`.trim(), a.street.filter(Boolean).join(' '), `${a.postcode ?? ''} ${a.city}`.trim(), a.country_code] : [];
  const bill = addressLines(billing);
  const ship = addressLines(shipping);
  text(LEFT, t.billTo, 10, 'bold');
  if (ship.length) text(LEFT + 260, t.shipTo, 10, 'bold');
  line();
  for (let i = 0; i < Math.max(bill.length, ship.length); i++) {
    if (bill[i]) text(LEFT, bill[i]!);
    if (ship[i]) text(LEFT + 260, ship[i]!);
    line();
  }
  line(10);

  // Item table in a monospaced font so the amounts line up on the right.
  text(LEFT, t.item, 10, 'bold');
  text(LEFT + 300, t.qty, 10, 'bold');
  text(LEFT + 350, t.price, 10, 'bold');
  text(RIGHT - 40, t.total, 10, 'bold');
  line(6);
  page.push({ kind: 'rule', x1: LEFT, x2: RIGHT, y });
  line(14);
  for (const i of v.items) {
    const name = i.name.length > 48 ? `${i.name.slice(0, 47)}…` : i.name;
    text(LEFT, name, MONO, 'mono');
    text(LEFT + 300, String(i.qty_ordered), MONO, 'mono');
    text(LEFT + 350, money(i.unit_price_incl_tax), MONO, 'mono');
    right(money(i.row_total_incl_tax));
    line(11);
    text(LEFT, i.sku, 7, 'mono');
    line(14);
  }
  page.push({ kind: 'rule', x1: LEFT, x2: RIGHT, y: y + 6 });
  const row = (label: string, amount: string, bold = false) => {
    text(LEFT + 300, label, 10, bold ? 'bold' : 'regular');
    right(amount);
    line();
  };
  row(t.subtotal, money(o.subtotal_incl_tax));
  for (const d of v.discounts) row(d.label, `-${money(d.amount)}`);
  if (o.shipping_carrier_code) row(t.shipping, money(o.shipping_incl_tax));
  row(t.grandTotal, money(o.grand_total), true);
  for (const tax of v.taxes) row(t.taxIncluded(tax.label, tax.rate_percent ?? 0), money(tax.amount));
  if (o.refunded_total > 0) row(t.refunded, `-${money(o.refunded_total)}`);
  line(10);
  text(LEFT, `${t.payment}: ${o.payment_method_code}`);
  line();
  text(LEFT, t.pricesInclTax, 8);
  pages.push(page);

  const count = pages.length;
  pages.forEach((p, n) => p.push({ kind: 'text', x: LEFT, y: 40, size: 8, font: 'regular', text: `${invoiceNumber(o.order_number)} · ${t.page(n + 1, count)}` }));
  return writePdf(pages, { title: `${t.title} ${invoiceNumber(o.order_number)}`, author: opts.seller });
}
