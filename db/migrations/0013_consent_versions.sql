-- Consent texts are versioned: a customer who agreed to an older version of a purpose is asked to
-- renew (session user consent_renewal_required, docs/decisions/0013). Existing consents were given to version 1.
ALTER TABLE consent_purpose ADD COLUMN version int NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE consent_user ADD COLUMN version int NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE consent_history ADD COLUMN version int CHECK (version >= 1);
