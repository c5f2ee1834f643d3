-- The console's catalogue editor (docs/decisions/0085): uploaded product images kept in the database,
-- so every instance of the shop serves the same bytes, and a category tree that cannot loop.

-- One row per distinct image, named by the SHA-256 of its bytes: the same picture uploaded twice is
-- stored once, and its address never changes (served at /media/uploads/<sha256>.<ext>).
CREATE TABLE catalog_media_file (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 5242880),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A category is never its own parent, nor its own ancestor.
ALTER TABLE catalog_category ADD CONSTRAINT catalog_category_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id);

CREATE FUNCTION catalog_category_refuse_cycle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT c.id, c.parent_id FROM catalog_category c WHERE c.id = NEW.parent_id
      UNION
      SELECT c.id, c.parent_id FROM catalog_category c JOIN up ON c.id = up.parent_id
    )
    SELECT 1 FROM up WHERE up.id = NEW.id
  ) THEN
    RAISE EXCEPTION 'category % would be its own ancestor', NEW.id USING ERRCODE = '23514', CONSTRAINT = 'catalog_category_no_cycle';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER catalog_category_no_cycle BEFORE INSERT OR UPDATE OF parent_id ON catalog_category
  FOR EACH ROW EXECUTE FUNCTION catalog_category_refuse_cycle();
