import type { GraphqlClient } from './client';
import { gql } from './gql';

export interface FaqEntry {
  id: string;
  topic: string;
  question: string;
  answer: string;
  position: number;
}

export interface FaqTopic {
  topic: string;
  entries: FaqEntry[];
}

export interface MarketingPage {
  slug: string;
  title: string;
  headline: string;
  product_sku: string;
  sections: { heading: string; body: string; image: string | null }[];
}

/** The store language's FAQ entries grouped by topic, topics in order of their first entry. */
export async function listFaqTopics(client: GraphqlClient): Promise<FaqTopic[]> {
  const data = await client.request<{ faqs: (FaqEntry | null)[] | null }>(FAQ_QUERY);
  const entries = (data.faqs ?? [])
    .filter((e): e is FaqEntry => e !== null)
    .sort((a, b) => a.position - b.position);
  const topics = new Map<string, FaqEntry[]>();
  for (const entry of entries) topics.set(entry.topic, [...(topics.get(entry.topic) ?? []), entry]);
  return [...topics].map(([topic, list]) => ({ topic, entries: list }));
}

/** A product marketing page by slug, or null when the store's language has none. */
export async function findMarketingPage(client: GraphqlClient, slug: string): Promise<MarketingPage | null> {
  const data = await client.request<{ marketingPage: (Omit<MarketingPage, 'sections'> & {
    sections: (MarketingPage['sections'][number] | null)[];
  }) | null }>(MARKETING_PAGE_QUERY, { slug }, { nullable: ['marketingPage'] });
  const page = data.marketingPage;
  if (!page) return null;
  return { ...page, sections: page.sections.filter((s) => s !== null) };
}

export const FAQ_QUERY = gql`
  query Faqs {
    faqs {
      id
      topic
      question
      answer
      position
    }
  }
`;

export const MARKETING_PAGE_QUERY = gql`
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
`;
