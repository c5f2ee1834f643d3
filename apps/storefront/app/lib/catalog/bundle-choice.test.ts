import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../api/catalog.api';
import { bundleMedia, bundlePriceFor, chooseBundleOption, chosenBundleOptions, initialBundleChoice, missingBundleItems } from './bundle-choice';

const option = (uid: string, position: number, is_default: boolean, stock: 'IN_STOCK' | 'OUT_OF_STOCK' = 'IN_STOCK') =>
  ({ uid, label: uid, quantity: 1, position, is_default, product: { sku: uid.toUpperCase(), name: uid, stock_status: stock, small_image: { url: `/media/${uid}.svg`, label: null, position: 1 } } });

const kit = {
  items: [
    { uid: 'cartons', title: 'Cartons', required: true, type: 'radio', position: 2, options: [option('amber', 1, true), option('teak', 2, false)] },
    { uid: 'device', title: 'Device', required: true, type: 'radio', position: 1, options: [option('sage', 1, true, 'OUT_OF_STOCK'), option('copper', 2, false)] },
    { uid: 'extras', title: 'Extras', required: false, type: 'checkbox', position: 3, options: [option('case', 1, false), option('charger', 2, false)] },
  ],
} as unknown as ProductDetail;

describe('bundle choice', () => {
  it('opens with the defaults that can be bought, else the first option of a required item that can', () => {
    expect(initialBundleChoice(kit)).toEqual({ device: ['copper'], cartons: ['amber'], extras: [] });
  });

  it('takes one option for a radio item and toggles options of a checkbox item', () => {
    let choice = initialBundleChoice(kit);
    choice = chooseBundleOption(kit, choice, 'cartons', 'teak', true);
    expect(choice.cartons).toEqual(['teak']);
    choice = chooseBundleOption(kit, choice, 'extras', 'case', true);
    choice = chooseBundleOption(kit, choice, 'extras', 'charger', true);
    choice = chooseBundleOption(kit, choice, 'extras', 'case', false);
    expect(choice.extras).toEqual(['charger']);
    expect(chooseBundleOption(kit, choice, 'cartons', 'not-an-option', true)).toBe(choice);
  });

  it('lists the chosen options in display order and names the required items still open', () => {
    const choice = { device: ['copper'], cartons: [], extras: ['charger'] };
    expect(chosenBundleOptions(kit, choice).map((c) => c.option.uid)).toEqual(['copper', 'charger']);
    expect(missingBundleItems(kit, choice).map((i) => i.title)).toEqual(['Cartons']);
  });

  it('pictures the chosen products for the gallery of the kit, named after them', () => {
    expect(bundleMedia(kit, { device: ['copper'], cartons: ['teak'], extras: [] })).toEqual([
      { url: '/media/copper.svg', label: 'copper', position: 2 },
      { url: '/media/teak.svg', label: 'teak', position: 3 },
    ]);
  });

  it('adds what the chosen options cost beyond the cheapest required ones to the lowest price', () => {
    const money = (value: number) => ({ value, currency: 'GBP' });
    const priced = {
      price_range: { minimum_price: { regular_price: money(199), final_price: money(179), discount: null }, maximum_price: { final_price: money(199) } },
      items: [
        { uid: 'device', title: 'Device', required: true, type: 'radio', position: 1, options: [
          { ...option('midnight', 1, true), price: 0 }, { ...option('copper', 2, false), price: 10 },
        ] },
        { uid: 'extras', title: 'Extras', required: false, type: 'checkbox', position: 2, options: [{ ...option('case', 1, false), price: 7.5, quantity: 2 }] },
      ],
    } as unknown as ProductDetail;
    expect(bundlePriceFor(priced, { device: ['midnight'], extras: [] }).minimum_price.final_price.value).toBe(179);
    const dear = bundlePriceFor(priced, { device: ['copper'], extras: ['case'] });
    expect(dear.minimum_price.final_price.value).toBe(204);
    expect(dear.minimum_price.regular_price.value).toBe(224);
  });
});
