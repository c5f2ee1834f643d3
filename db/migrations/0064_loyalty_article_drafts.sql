-- Club articles written in the console start as drafts (docs/decisions/0088): an article without a
-- publication time is shown nowhere (the club's lists, its page and the site search all read only
-- articles published by now). Rows written without a time are still published at once.
ALTER TABLE loyalty_article ALTER COLUMN published_at DROP NOT NULL;
