-- Consent texts with their history (docs/decisions/0083): every text a purpose was ever shown with,
-- in each language, with the version it belongs to and who wrote it. A new version asks every
-- customer who agreed to an older one to agree again (consent_purpose.version, decision 0013); a
-- correction that keeps the meaning keeps the version, and is recorded too.
CREATE TABLE consent_purpose_text_version (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purpose_id text NOT NULL REFERENCES consent_purpose(id) ON DELETE CASCADE,
  version int NOT NULL CHECK (version >= 1),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  name text NOT NULL,
  description text NOT NULL,
  recorded_by text NOT NULL CHECK (length(recorded_by) BETWEEN 1 AND 254),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consent_purpose_text_version_purpose ON consent_purpose_text_version (purpose_id, id DESC);

-- The texts in force now are their purposes' current versions.
INSERT INTO consent_purpose_text_version (purpose_id, version, language, name, description, recorded_by)
SELECT t.purpose_id, p.version, t.language, t.name, t.description, 'the shop''s first texts'
  FROM consent_purpose_text t JOIN consent_purpose p ON p.id = t.purpose_id;
