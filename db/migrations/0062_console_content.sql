-- The console's content area (docs/decisions/0086).
--
-- A blog article can be a draft: it has no publication time until an operator publishes it. Every
-- reader of the blog already asks for published_at <= now(), which no NULL satisfies.
ALTER TABLE content_blog_article ALTER COLUMN published_at DROP NOT NULL;
CREATE INDEX content_blog_article_console ON content_blog_article (id DESC);

-- A store's opening hours and services are shown on its page and in the search: a change to them is
-- announced like a change to the store itself, so every instance drops what it kept.
CREATE TRIGGER store_locator_opening_hours_changes AFTER INSERT OR UPDATE OR DELETE ON store_locator_opening_hours FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER store_locator_store_service_changes AFTER INSERT OR UPDATE OR DELETE ON store_locator_store_service FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
