-- Site search (docs/decisions/0067): one index over what the shop shows, per store view and language,
-- built from the sources of the modules that own the data (products, loyalty articles, FAQ, marketing
-- and legal pages, blog articles, content pages). pg_trgm finds names despite typos; it ships with
-- PostgreSQL (a trusted extension) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE search_document (
  source text NOT NULL CHECK (source ~ '^[a-z][a-z0-9-]{0,39}$'),
  ref text NOT NULL CHECK (length(ref) BETWEEN 1 AND 200),
  store_code text NOT NULL REFERENCES store_view(code) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'de')),
  type text NOT NULL CHECK (type IN ('product', 'article', 'faq', 'page')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  subtitle text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  url text NOT NULL CHECK (url ~ '^/[a-z_]+/'),
  image_url text,
  -- Name > subtitle > body, stemmed with the language's dictionary.
  tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(CASE language WHEN 'de' THEN 'german'::regconfig ELSE 'english'::regconfig END, title), 'A')
    || setweight(to_tsvector(CASE language WHEN 'de' THEN 'german'::regconfig ELSE 'english'::regconfig END, subtitle), 'B')
    || setweight(to_tsvector(CASE language WHEN 'de' THEN 'german'::regconfig ELSE 'english'::regconfig END, body), 'C')
  ) STORED,
  -- What a typo is measured against: the name and subtitle, lower case.
  names text GENERATED ALWAYS AS (lower(title || ' ' || subtitle)) STORED,
  PRIMARY KEY (source, ref, store_code, language)
);
CREATE INDEX search_document_tsv ON search_document USING gin (tsv);
CREATE INDEX search_document_names ON search_document USING gin (names gin_trgm_ops);
CREATE INDEX search_document_scope ON search_document (store_code, language, type);

-- One row per source: whether its data changed since the index was last built from it, and with
-- which version of the source's code it was built (a new version rebuilds it).
CREATE TABLE search_source (
  name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9-]{0,39}$'),
  dirty_at timestamptz DEFAULT now(),
  version int NOT NULL DEFAULT 0,
  built_at timestamptz
);

-- The owners' tables mark their source dirty in the writing transaction; the search job (or the
-- boot after a seed) rebuilds it. Every write updates the row, so a rebuild holding it (FOR UPDATE)
-- makes a concurrent writer wait and mark it again: no change is missed.
CREATE FUNCTION search_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_source (name, dirty_at) VALUES (TG_ARGV[0], now())
  ON CONFLICT (name) DO UPDATE SET dirty_at = now();
  RETURN NULL;
END
$$;

CREATE TRIGGER catalog_product_search AFTER INSERT OR UPDATE OR DELETE ON catalog_product FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('products');
CREATE TRIGGER catalog_product_text_search AFTER INSERT OR UPDATE OR DELETE ON catalog_product_text FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('products');
CREATE TRIGGER catalog_product_price_search AFTER INSERT OR UPDATE OR DELETE ON catalog_product_price FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('products');
CREATE TRIGGER catalog_product_media_search AFTER INSERT OR UPDATE OR DELETE ON catalog_product_media FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('products');
CREATE TRIGGER catalog_option_label_search AFTER INSERT OR UPDATE OR DELETE ON catalog_option_label FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('products');
CREATE TRIGGER loyalty_article_search AFTER INSERT OR UPDATE OR DELETE ON loyalty_article FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('loyalty-articles');
CREATE TRIGGER loyalty_article_text_search AFTER INSERT OR UPDATE OR DELETE ON loyalty_article_text FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('loyalty-articles');
CREATE TRIGGER loyalty_market_search AFTER INSERT OR UPDATE OR DELETE ON loyalty_market FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('loyalty-articles');
CREATE TRIGGER content_faq_search AFTER INSERT OR UPDATE OR DELETE ON content_faq FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('faq');
CREATE TRIGGER content_marketing_page_search AFTER INSERT OR UPDATE OR DELETE ON content_marketing_page FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('marketing-pages');
CREATE TRIGGER content_blog_article_search AFTER INSERT OR UPDATE OR DELETE ON content_blog_article FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('blog-articles');
CREATE TRIGGER content_page_search AFTER INSERT OR UPDATE OR DELETE ON content_page FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('content-pages');
CREATE TRIGGER content_legal_page_search AFTER INSERT OR UPDATE OR DELETE ON content_legal_page FOR EACH STATEMENT EXECUTE FUNCTION search_mark_dirty('legal-pages');

-- The vocabulary a misspelt word is corrected against (pg_trgm similarity), rebuilt with the index.
CREATE TABLE search_word (
  store_code text NOT NULL REFERENCES store_view(code) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'de')),
  word text NOT NULL CHECK (length(word) BETWEEN 3 AND 40),
  PRIMARY KEY (store_code, language, word)
);
CREATE INDEX search_word_trgm ON search_word USING gin (word gin_trgm_ops);
-- Whether a word typed so far starts a known word (LIKE 'abc%': the token is only letters and digits).
CREATE INDEX search_word_prefix ON search_word (store_code, language, word text_pattern_ops);
INSERT INTO search_source (name, dirty_at) VALUES ('words', NULL);
