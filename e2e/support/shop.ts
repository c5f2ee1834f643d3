import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Money {
  value: number;
  currency: string;
}

/** Reads the shop's own GraphQL API, so expectations come from the seeded data, not from the test. */
export async function graphql<T>(
  request: APIRequestContext, query: string, variables: Record<string, unknown> = {}, store = 'gb',
): Promise<T> {
  const response = await request.get('/graphql', {
    params: { query, variables: JSON.stringify(variables) },
    headers: { Store: store },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors ?? []).toEqual([]);
  return body.data as T;
}

export interface StoreFacts {
  store_code: string;
  store_name: string;
  locale: string;
  language: string;
  base_currency_code: string;
  default_country: string;
}

export async function storeFacts(request: APIRequestContext, store: string): Promise<StoreFacts> {
  const data = await graphql<{ storeConfig: StoreFacts }>(
    request,
    '{ storeConfig { store_code store_name locale language base_currency_code default_country } }',
    {},
    store,
  );
  return data.storeConfig;
}

export interface VariantFacts {
  sku: string;
  colour: string;
  inStock: boolean;
  image: { url: string; label: string };
  price: Money;
}

export interface ProductFacts {
  sku: string;
  name: string;
  urlKey: string;
  price: Money;
  categoryUrlKeys: string[];
  variants: VariantFacts[];
}

const PRODUCT_QUERY = `query ($sku: String) {
  products(filter: { sku: { eq: $sku } }) {
    items {
      sku name url_key
      categories { url_key }
      price_range { minimum_price { final_price { value currency } } }
      ... on ConfigurableProduct {
        variants {
          attributes { code label }
          product {
            sku stock_status
            media_gallery { url label position }
            price_range { minimum_price { final_price { value currency } } }
          }
        }
      }
    }
  }
}`;

interface ProductData {
  products: {
    items: {
      sku: string;
      name: string;
      url_key: string;
      categories: { url_key: string }[] | null;
      price_range: { minimum_price: { final_price: Money } };
      variants?: {
        attributes: { code: string; label: string }[];
        product: {
          sku: string;
          stock_status: string;
          media_gallery: { url: string; label: string; position: number }[];
          price_range: { minimum_price: { final_price: Money } };
        };
      }[];
    }[];
  };
}

/** A seeded product as a store view sells it, with its colour variants. */
export async function productFacts(request: APIRequestContext, sku: string, store = 'gb'): Promise<ProductFacts> {
  const data = await graphql<ProductData>(request, PRODUCT_QUERY, { sku }, store);
  const item = data.products.items[0];
  expect(item, `${sku} is sold in ${store}`).toBeTruthy();
  return {
    sku: item!.sku,
    name: item!.name,
    urlKey: item!.url_key,
    price: item!.price_range.minimum_price.final_price,
    categoryUrlKeys: (item!.categories ?? []).map((c) => c.url_key),
    variants: (item!.variants ?? []).map((v) => {
      const image = [...v.product.media_gallery].sort((a, b) => a.position - b.position)[0]!;
      return {
        sku: v.product.sku,
        colour: v.attributes.find((a) => a.code === 'color')!.label,
        inStock: v.product.stock_status === 'IN_STOCK',
        image: { url: image.url, label: image.label },
        price: v.product.price_range.minimum_price.final_price,
      };
    }),
  };
}

/** The operator token the config gives the server (playwright.config.ts). */
export const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-operator-token-0123456789abcdef0123';

/**
 * A product's stock as it is now, through the operator endpoint: the GraphQL catalogue shows only
 * "only x left" below a threshold, and from a display cache.
 */
export async function stockLevel(request: APIRequestContext, sku: string): Promise<number> {
  const response = await request.get(`/admin/stock/${encodeURIComponent(sku)}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { quantity: number }).quantity;
}

/** A category's display name in a store view. */
export async function categoryName(request: APIRequestContext, urlKey: string, store = 'gb'): Promise<string> {
  const data = await graphql<{ categories: { items: { name: string }[] } }>(
    request,
    'query ($k: String) { categories(filters: { url_key: { eq: $k } }) { items { name } } }',
    { k: urlKey },
    store,
  );
  return data.categories.items[0]!.name;
}

/** The BCP 47 tag of a store view's locale as the API names it (`de_CH` → `de-CH`): what `lang` says and Intl takes. */
export function languageTagOf(locale: string): string {
  return Intl.getCanonicalLocales(locale.replaceAll('_', '-'))[0]!;
}

/** A price as the store view's locale writes it (`£49.00`, `59,00 €`). */
export function formatPrice(money: Money, locale: string): string {
  return new Intl.NumberFormat(languageTagOf(locale), { style: 'currency', currency: money.currency }).format(money.value);
}

/** Matches text regardless of the kind of space the formatter used (ICU uses no-break spaces). */
export function looseText(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
}

type Catalogue = Record<string, Record<string, unknown>>;

/** The storefront's message catalogue for a language, to find pages by their visible text. */
export function messages(language: 'en' | 'de'): (key: string) => string {
  const catalogue = JSON.parse(
    readFileSync(path.join(root, 'apps/storefront/app/i18n', `${language}.json`), 'utf8'),
  ) as Catalogue;
  return (key) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
    if (typeof value !== 'string') throw new Error(`no message ${key} in ${language}.json`);
    return value;
  };
}

export type DataLayerEntry = Record<string, unknown> & { event?: string };

export function readDataLayer(page: Page): Promise<DataLayerEntry[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: DataLayerEntry[] }).dataLayer ?? []);
}

/**
 * Waits until the page has reported `count` page views. The first one is pushed once React has
 * hydrated the server-rendered page, so it also tells a test that the page is interactive.
 */
export async function waitForPageView(page: Page, count = 1): Promise<DataLayerEntry> {
  await page.waitForFunction(
    (n) => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((e) => e.event === 'on_load').length >= n,
    count,
  );
  const views = (await readDataLayer(page)).filter((e) => e.event === 'on_load');
  return views[views.length - 1]!;
}
