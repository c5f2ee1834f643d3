import type { GraphqlClient } from './client';
import type { CmsPageQuery, FaqsQuery, MarketingPageQuery } from './graphql.generated';
import { gql, operation } from './gql';

export type FaqEntry = NonNullable<NonNullable<FaqsQuery['faqs']>[number]>;

export interface FaqTopic {
  topic: string;
  entries: FaqEntry[];
}

type MarketingPageAnswer = NonNullable<MarketingPageQuery['marketingPage']>;

/** A product marketing page with its sections (null entries left out). */
export type MarketingPage = Omit<MarketingPageAnswer, 'sections'> & {
  sections: NonNullable<MarketingPageAnswer['sections'][number]>[];
};

/** The store language's FAQ entries grouped by topic, topics in order of their first entry. */
export async function listFaqTopics(client: GraphqlClient): Promise<FaqTopic[]> {
  const data = await client.request(FAQ_QUERY);
  const entries = (data.faqs ?? [])
    .filter((e): e is FaqEntry => e !== null)
    .sort((a, b) => a.position - b.position);
  const topics = new Map<string, FaqEntry[]>();
  for (const entry of entries) topics.set(entry.topic, [...(topics.get(entry.topic) ?? []), entry]);
  return [...topics].map(([topic, list]) => ({ topic, entries: list }));
}

/** A product marketing page by slug, or null when the store's language has none. */
export async function findMarketingPage(client: GraphqlClient, slug: string): Promise<MarketingPage | null> {
  const data = await client.request(MARKETING_PAGE_QUERY, { slug }, { nullable: ['marketingPage'] });
  const page = data.marketingPage;
  if (!page) return null;
  return { ...page, sections: page.sections.filter((s) => s !== null) };
}

export const FAQ_QUERY = operation('Faqs', gql`
  query Faqs {
    faqs {
      id
      topic
      question
      answer
      position
    }
  }
`);

export const MARKETING_PAGE_QUERY = operation('MarketingPage', gql`
  query MarketingPage($slug: String!) {
    marketingPage(slug: $slug) {
      slug
      title
      headline
      product_sku
      sections {
        heading
        body
        image
      }
    }
  }
`);

/** A legal page as the footer lists it. */
export interface LegalPageLink {
  identifier: string;
  title: string;
}

/** A legal page's current version; `content` is markdown without HTML. */
export type LegalPage = LegalPageLink
  & Pick<NonNullable<CmsPageQuery['cmsPage']>, 'meta_description' | 'version' | 'published_at'>
  & { content: string };

/** The store view's legal pages in the footer's order (the imprint only where the market has one). */
export async function listLegalPages(client: GraphqlClient): Promise<LegalPageLink[]> {
  const data = await client.request(LEGAL_PAGES_QUERY);
  return data.legalPages.map(({ identifier, title }) => ({ identifier: identifier ?? '', title: title ?? '' }));
}

/** A legal page by identifier (`terms`, `privacy`, ...), or null when the store view has none. */
export async function findLegalPage(client: GraphqlClient, identifier: string): Promise<LegalPage | null> {
  const data = await client.request(
    CMS_PAGE_QUERY, { identifier }, { nullable: ['cmsPage'] },
  );
  const page = data.cmsPage;
  if (!page?.identifier) return null;
  return { ...page, identifier: page.identifier, title: page.title ?? '', content: page.content ?? '' };
}

export const LEGAL_PAGES_QUERY = operation('LegalPages', gql`
  query LegalPages {
    legalPages {
      identifier
      title
    }
  }
`);

export const CMS_PAGE_QUERY = operation('CmsPage', gql`
  query CmsPage($identifier: String!) {
    cmsPage(identifier: $identifier) {
      identifier
      title
      content
      meta_description
      version
      published_at
    }
  }
`);
