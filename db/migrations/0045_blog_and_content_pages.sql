-- The blog and the editable content pages (docs/decisions/0063).
--
-- A blog article is written in one language and shown in every store view of that language; its
-- translations share the slug, so the same path in another language's store view is the same
-- article (hreflang, docs/decisions/0064). An article is public once published_at has passed.
CREATE TABLE content_blog_article (
  id serial PRIMARY KEY,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  summary text NOT NULL CHECK (length(summary) BETWEEN 1 AND 500),
  -- Markdown without HTML, like the legal pages: headings, paragraphs, lists, emphasis and links.
  body text NOT NULL CHECK (length(body) >= 1),
  author text NOT NULL CHECK (length(author) BETWEEN 1 AND 120),
  published_at timestamptz NOT NULL,
  hero_image text CHECK (hero_image ~ '^/media/[a-z0-9/_-]+\.(svg|png|jpe?g|webp)$'),
  hero_image_alt text NOT NULL DEFAULT '',
  -- Language-independent category codes (the storefront names them), e.g. {devices,guides}.
  categories text[] NOT NULL DEFAULT '{}'
    CHECK (array_to_string(categories, ',') ~ '^([a-z0-9-]{1,40}(,[a-z0-9-]{1,40})*)?$'),
  seo_title text CHECK (length(seo_title) BETWEEN 1 AND 200),
  seo_description text CHECK (length(seo_description) BETWEEN 1 AND 320),
  UNIQUE (language, slug)
);
CREATE INDEX content_blog_article_listing ON content_blog_article (language, published_at DESC, id DESC);

-- The products an article shows as cards, in order; a store view shows only those it sells.
CREATE TABLE content_blog_article_product (
  article_id int NOT NULL REFERENCES content_blog_article(id) ON DELETE CASCADE,
  sku text NOT NULL REFERENCES catalog_product(sku),
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (article_id, sku)
);

-- Content pages with a fixed storefront route (contact, get-started): their title, introduction
-- (markdown without HTML) and search-engine description per language, edited as data.
CREATE TABLE content_page (
  identifier text NOT NULL CHECK (identifier IN ('contact', 'get-started')),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  meta_description text NOT NULL DEFAULT '' CHECK (length(meta_description) <= 320),
  body text NOT NULL,
  PRIMARY KEY (identifier, language)
);

-- A change drops the cached pages that show them (docs/decisions/0042).
CREATE TRIGGER content_blog_article_changes AFTER INSERT OR UPDATE OR DELETE ON content_blog_article FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
CREATE TRIGGER content_blog_article_product_changes AFTER INSERT OR UPDATE OR DELETE ON content_blog_article_product FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
CREATE TRIGGER content_page_changes AFTER INSERT OR UPDATE OR DELETE ON content_page FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
