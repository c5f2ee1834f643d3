import { describe, expect, it } from 'vitest';
import { cachedRoute } from './storefront.cached.js';

describe('cached blog and content pages', () => {
  it('keeps the blog per page and topic, its articles and get-started by path, and drops them on a content change', () => {
    expect(cachedRoute('GET', '/gb/blog?page=2')?.key).toBe('/gb/blog?page=2');
    expect(cachedRoute('GET', '/de/blog?category=guides&utm_source=x')?.key).toBe('/de/blog?category=guides');
    const article = cachedRoute('GET', '/de/blog/caring-for-your-ember-one');
    expect(article?.key).toBe('/de/blog/caring-for-your-ember-one');
    expect(article?.tags.has('content')).toBe(true);
    expect(cachedRoute('HEAD', '/ch/get-started')?.tags.has('content')).toBe(true);
    // An article's path with a query, or a path no article can have, is rendered for its request alone.
    expect(cachedRoute('GET', '/gb/blog/caring-for-your-ember-one?x=1')).toBeNull();
    expect(cachedRoute('GET', '/gb/blog/Not_A_Slug')).toBeNull();
  });
});
