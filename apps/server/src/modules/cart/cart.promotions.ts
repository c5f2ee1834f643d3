import { phrase, said } from '../../platform/messages.js';
import type { StoreView } from '../store/store.service.js';
import type { ProductDoc } from '../catalog/catalog.service.js';
import { unitPrice, type Line, type Problem } from './cart.lines.js';
import type { PromotionRow, PromotionTexts } from './cart.store.js';

/**
 * Cart promotions (spec §4, docs/decisions/0017), pure: which gift lines a cart may hold, which
 * conditional products it may buy, and what each line shows as free_gifts and promotionalOffers.
 */

export function isGiftPromotion(p: PromotionRow): boolean {
  return p.type === 'free_gift_fixed' || p.type === 'free_gift_flexible';
}

/** Whether a line sells one of `skus`, directly or as a child of a listed configurable. */
export function lineMatches(l: Line, skus: string[]): boolean {
  return skus.includes(l.sku) || (l.parent !== null && skus.includes(l.parent.sku));
}

/**
 * Whether a promotion's condition holds: one of its trigger products among the paid lines (when it
 * names any), and the minimum quantity and subtotal of the paid lines it does not itself promote.
 */
export function conditionHolds(p: PromotionRow, lines: Line[]): boolean {
  const basis = lines.filter((l) => !l.is_gift && (isGiftPromotion(p) || !lineMatches(l, p.skus)));
  if (p.trigger_skus.length && !basis.some((l) => lineMatches(l, p.trigger_skus))) return false;
  if (basis.reduce((s, l) => s + l.quantity, 0) < p.min_qty) return false;
  return p.min_subtotal_minor === 0 || basis.reduce((s, l) => s + unitPrice(l) * l.quantity, 0) >= p.min_subtotal_minor;
}

export function textsFor(p: PromotionRow, language: string): PromotionTexts {
  return p.texts[language] ?? p.texts.en ?? {};
}

/** The gift promotion a gift line belongs to: its sku is a gift of a promotion its parent_gift_sku triggers. */
function giftPromotion(g: Line, promos: PromotionRow[], lines: Line[]): PromotionRow | null {
  const candidates = promos.filter((p) => isGiftPromotion(p) && p.skus.includes(g.sku) && g.parent_gift_sku !== null && p.trigger_skus.includes(g.parent_gift_sku));
  return candidates.find((p) => conditionHolds(p, lines)) ?? candidates[0] ?? null;
}

/** Units of gifts a promotion already gives in the cart: per sku and in total. */
function giftUsage(p: PromotionRow, lines: Line[], promos: PromotionRow[]): { total: number; bySku: Map<string, number> } {
  const bySku = new Map<string, number>();
  let total = 0;
  for (const g of lines.filter((l) => l.is_gift)) {
    if (giftPromotion(g, promos, lines)?.id !== p.id) continue;
    bySku.set(g.sku, (bySku.get(g.sku) ?? 0) + g.quantity);
    total += g.quantity;
  }
  return { total, bySku };
}

/** Promotion problems of a cart (messages carry no counts, see cartProblems). */
export function promotionProblems(lines: Line[], promos: PromotionRow[], language: string): Problem[] {
  const problems: Problem[] = [];
  const paid = lines.filter((l) => !l.is_gift);
  for (const p of promos.filter((x) => x.type === 'conditional_purchase')) {
    const restricted = paid.filter((l) => lineMatches(l, p.skus));
    if (!restricted.length) continue;
    const keys = restricted.map((l) => l.key);
    if (!conditionHolds(p, lines)) {
      const t = textsFor(p, language);
      problems.push({ code: 'PERMISSION_DENIED', ...said(t.hint ? phrase('text.asIs', { text: t.hint }) : phrase('cart.onlyWithOffer', { name: restricted[0]!.product.name })), keys });
    } else if (p.allowed_qty !== null && restricted.reduce((s, l) => s + l.quantity, 0) > p.allowed_qty) {
      problems.push({ code: 'ITEM_QTY', ...said(phrase('cart.offerLimit', { code: p.code, count: p.allowed_qty })), keys });
    }
  }
  const seen = new Set<number>();
  for (const g of lines.filter((l) => l.is_gift)) {
    const p = giftPromotion(g, promos, lines);
    if (!p) {
      problems.push({ code: 'GIFT_ERROR', ...said(g.parent_gift_sku ? phrase('cart.giftNotOffered', { sku: g.sku, parent: g.parent_gift_sku }) : phrase('cart.giftNoProduct', { sku: g.sku })), keys: [g.key] });
      continue;
    }
    if (!paid.some((l) => l.sku === g.parent_gift_sku || l.parent?.sku === g.parent_gift_sku)) {
      problems.push({ code: 'GIFT_ERROR', ...said(phrase('cart.giftNeedsProduct', { sku: g.sku })), keys: [g.key] });
      continue;
    }
    if (!conditionHolds(p, lines)) {
      problems.push({ code: 'GIFT_ERROR', ...said(phrase('cart.giftConditions', { sku: g.sku })), keys: [g.key] });
      continue;
    }
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const usage = giftUsage(p, lines, promos);
    const members = lines.filter((l) => l.is_gift && giftPromotion(l, promos, lines)?.id === p.id).map((l) => l.key);
    const over = p.type === 'free_gift_flexible' ? usage.total > p.allowed_qty! : [...usage.bySku.values()].some((n) => n > p.allowed_qty!);
    if (over) problems.push({ code: 'GIFT_ERROR', ...said(phrase('cart.offerGiftLimit', { code: p.code, count: p.allowed_qty! })), keys: members });
  }
  return problems;
}

export interface FreeGiftsView {
  code: string;
  type: string;
  allowed_qty: number;
  remaining_qty: number;
  products: { sku: string; name: string | null; is_eligible: boolean; eligibility_description: string | null }[];
}

/** The free gifts a paid line's product unlocks, each with whether the shopper may add it now. */
export function freeGiftsFor(store: StoreView, l: Line, lines: Line[], promos: PromotionRow[], gifts: Map<string, ProductDoc>, language: string): FreeGiftsView[] {
  if (l.is_gift) return [];
  const basketUnits = lines.filter((x) => x.is_gift).reduce((s, x) => s + x.quantity, 0);
  const basketFull = store.gift_basket_quantity_limitation > 0 && basketUnits >= store.gift_basket_quantity_limitation;
  const de = language === 'de';
  return promos.filter((p) => isGiftPromotion(p) && lineMatches(l, p.trigger_skus)).map((p) => {
    const usage = giftUsage(p, lines, promos);
    const holds = conditionHolds(p, lines);
    const remaining = p.type === 'free_gift_flexible' ? Math.max(0, p.allowed_qty! - usage.total) : p.allowed_qty!;
    return {
      code: p.code,
      type: p.type,
      allowed_qty: p.allowed_qty!,
      remaining_qty: remaining,
      products: p.skus.map((sku) => {
        const doc = gifts.get(sku) ?? null;
        const left = p.type === 'free_gift_flexible' ? remaining : p.allowed_qty! - (usage.bySku.get(sku) ?? 0);
        let why: string | null = null;
        if (!store.is_free_gifts_enabled) why = de ? 'Gratisgeschenke sind in diesem Shop nicht verfügbar.' : 'Free gifts are not available in this store.';
        else if (!doc || (doc.stock_qty ?? 0) <= 0) why = de ? 'Dieses Geschenk ist nicht vorrätig.' : 'This gift is out of stock.';
        else if (!holds) why = textsFor(p, language).hint ?? (de ? 'Die Bedingungen des Angebots sind nicht erfüllt.' : 'The conditions of the offer are not met.');
        else if (left <= 0) why = de ? 'Du hast bereits alle Geschenke dieses Angebots.' : 'You already have all the gifts of this offer.';
        else if (basketFull) why = de ? 'Der Warenkorb enthält bereits die meisten erlaubten Geschenke.' : 'The basket already holds the most free gifts allowed.';
        return { sku, name: doc?.name ?? null, is_eligible: why === null, eligibility_description: why };
      }),
    };
  });
}

export interface OfferView {
  code: string;
  limit_qty: number | null;
  eligible: boolean;
  type: string;
  skus: string[];
  description: { title: string | null; description: string | null; hint: string | null; label: string | null };
}

/** The promotions a line takes part in: as trigger, as promoted product, or as a gift of it. */
export function offersFor(store: StoreView, l: Line, lines: Line[], promos: PromotionRow[], language: string): OfferView[] {
  return promos
    .filter((p) => (l.is_gift ? giftPromotion(l, promos, lines)?.id === p.id : lineMatches(l, p.trigger_skus) || (!isGiftPromotion(p) && lineMatches(l, p.skus))))
    .map((p) => {
      const t = textsFor(p, language);
      return {
        code: p.code,
        limit_qty: p.allowed_qty,
        eligible: conditionHolds(p, lines) && (!isGiftPromotion(p) || store.is_free_gifts_enabled),
        type: p.type,
        skus: p.skus,
        description: { title: t.title ?? null, description: t.description ?? null, hint: t.hint ?? null, label: t.label ?? null },
      };
    });
}
