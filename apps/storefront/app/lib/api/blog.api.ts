import type { GraphqlClient } from './client';
import type { BlogArticleQuery, BlogArticlesQuery, ContentPageQuery } from './graphql.generated';
import { PRODUCT_SUMMARY_FRAGMENT } from './catalog.api';
import { gql, operation, withFragments } from './gql';

/** One page of the blog's listing. */
export type BlogListing = BlogArticlesQuery['blogArticles'];
export type BlogArticleSummary = BlogListing['items'][number];

/** An article with its markdown body and related products (only those the store view sells). */
export type BlogArticle = Omit<NonNullable<BlogArticleQuery['blogArticle']>, 'related_products'> & {
  related_products: NonNullable<NonNullable<BlogArticleQuery['blogArticle']>['related_products'][number]>[];
};

export type ContentPage = NonNullable<ContentPageQuery['contentPage']>;

/** How many articles a listing page shows. */
export const BLOG_PAGE_SIZE = 6;

/** A page of the store language's articles, newest first, optionally of one category. */
export async function listBlogArticles(client: GraphqlClient, page: number, category?: string, pageSize = BLOG_PAGE_SIZE): Promise<BlogListing> {
  const data = await client.request(BLOG_ARTICLES_QUERY, { page, pageSize, category: category ?? null });
  return data.blogArticles;
}

/** An article by slug, or null when the store's language has none. */
export async function findBlogArticle(client: GraphqlClient, slug: string): Promise<BlogArticle | null> {
  const data = await client.request(BLOG_ARTICLE_QUERY, { slug }, { nullable: ['blogArticle'] });
  const article = data.blogArticle;
  if (!article) return null;
  return { ...article, related_products: article.related_products.filter((p) => p !== null) };
}

/** A content page (`contact`, `get-started`) in the store's language, or null. */
export async function findContentPage(client: GraphqlClient, identifier: string): Promise<ContentPage | null> {
  const data = await client.request(CONTENT_PAGE_QUERY, { identifier }, { nullable: ['contentPage'] });
  return data.contentPage ?? null;
}

export const BLOG_ARTICLES_QUERY = operation('BlogArticles', gql`
  query BlogArticles($page: Int!, $pageSize: Int!, $category: String) {
    blogArticles(currentPage: $page, pageSize: $pageSize, category: $category) {
      total_count
      categories
      page_info { current_page total_pages }
      items {
        slug
        title
        summary
        author
        published_at
        hero_image
        hero_image_alt
        categories
      }
    }
  }
`);

export const BLOG_ARTICLE_QUERY = operation('BlogArticle', withFragments(gql`
  query BlogArticle($slug: String!) {
    blogArticle(slug: $slug) {
      slug
      title
      summary
      content
      author
      published_at
      hero_image
      hero_image_alt
      categories
      meta_title
      meta_description
      store_codes
      related_products {
        ...ProductSummary
      }
    }
  }
`, PRODUCT_SUMMARY_FRAGMENT));

export const CONTENT_PAGE_QUERY = operation('ContentPage', gql`
  query ContentPage($identifier: String!) {
    contentPage(identifier: $identifier) {
      identifier
      title
      meta_description
      content
    }
  }
`);
