import type { BundleItem, BundleOption, MediaItem, Money, PriceRange, ProductDetail } from '../api/catalog.api';

/** The options a shopper chose for a bundle: item uid → option uids (one for radio and select items). */
export type BundleChoice = Record<string, string[]>;

const byPosition = <T extends { position: number | null }>(list: T[]) => [...list].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));

/** The bundle's items in display order, each with its options in display order. */
export function bundleItems(product: Pick<ProductDetail, 'items'>): (BundleItem & { uid: string; options: BundleOption[] })[] {
  return byPosition((product.items ?? []).filter((i): i is BundleItem & { uid: string } => !!i.uid))
    .map((item) => ({ ...item, options: byPosition(item.options ?? []) }));
}

/** Whether an item takes several options (checkbox, multi) rather than one (radio, select). */
export const takesMany = (item: Pick<BundleItem, 'type'>) => item.type === 'checkbox' || item.type === 'multi';

const available = (o: BundleOption) => o.product?.stock_status !== 'OUT_OF_STOCK';

/**
 * The choice a page opens with: each item's default options that can be bought; a required item
 * whose defaults cannot be bought starts at its first option that can.
 */
export function initialBundleChoice(product: Pick<ProductDetail, 'items'>): BundleChoice {
  const choice: BundleChoice = {};
  for (const item of bundleItems(product)) {
    let chosen = item.options.filter((o) => o.is_default && available(o));
    if (!chosen.length && item.required) chosen = item.options.filter(available).slice(0, 1);
    choice[item.uid] = (takesMany(item) ? chosen : chosen.slice(0, 1)).map((o) => o.uid);
  }
  return choice;
}

/** The choice with one option chosen (radio) or toggled (checkbox). */
export function chooseBundleOption(product: Pick<ProductDetail, 'items'>, choice: BundleChoice, itemUid: string, optionUid: string, on: boolean): BundleChoice {
  const item = bundleItems(product).find((i) => i.uid === itemUid);
  if (!item || !item.options.some((o) => o.uid === optionUid)) return choice;
  const current = choice[itemUid] ?? [];
  const next = takesMany(item)
    ? (on ? [...new Set([...current, optionUid])] : current.filter((u) => u !== optionUid))
    : [optionUid];
  return { ...choice, [itemUid]: next };
}

/** The chosen options, item by item in display order: what the box will hold. */
export function chosenBundleOptions(product: Pick<ProductDetail, 'items'>, choice: BundleChoice): { item: BundleItem; option: BundleOption }[] {
  return bundleItems(product).flatMap((item) =>
    item.options.filter((o) => (choice[item.uid] ?? []).includes(o.uid)).map((option) => ({ item, option })));
}

/** The required items nothing is chosen for yet (their titles name them to the shopper). */
export function missingBundleItems(product: Pick<ProductDetail, 'items'>, choice: BundleChoice): BundleItem[] {
  return bundleItems(product).filter((item) => item.required && !(choice[item.uid] ?? []).length);
}

/** Whether a chosen option cannot be bought now. */
export function soldOutChoice(product: Pick<ProductDetail, 'items'>, choice: BundleChoice): BundleOption | undefined {
  return chosenBundleOptions(product, choice).find(({ option }) => !available(option))?.option;
}

/** Pictures of the chosen products, one per product, labelled with its name (for the kit's gallery). */
export function bundleMedia(product: Pick<ProductDetail, 'items'>, choice: BundleChoice): MediaItem[] {
  const seen = new Set<string>();
  return chosenBundleOptions(product, choice).flatMap(({ option }, i) => {
    const url = option.product?.small_image?.url;
    if (!url || seen.has(url)) return [];
    seen.add(url);
    return [{ url, label: option.product?.name ?? option.label, position: i + 2 }];
  });
}

const extra = (o: BundleOption) => (o.price ?? 0) * (o.quantity ?? 1);
const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The kit's price for the choice: the catalogue's lowest price holds the cheapest option of every
 * required item, so the choice adds what its options cost beyond those.
 */
export function bundlePriceFor(product: Pick<ProductDetail, 'items' | 'price_range'>, choice: BundleChoice): PriceRange {
  const cheapest = bundleItems(product)
    .filter((item) => item.required && item.options.length)
    .reduce((sum, item) => sum + Math.min(...item.options.map(extra)), 0);
  const chosen = chosenBundleOptions(product, choice).reduce((sum, { option }) => sum + extra(option), 0);
  const delta = chosen - cheapest;
  const min = product.price_range.minimum_price;
  const add = (m: Money) => ({ ...m, value: m.value === null ? null : cents(m.value + delta) });
  const price = { ...min, regular_price: add(min.regular_price), final_price: add(min.final_price) };
  return { minimum_price: price, maximum_price: { final_price: price.final_price } };
}
