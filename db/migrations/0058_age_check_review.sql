-- The console's age-verification review queue (docs/decisions/0078): the checks waiting for a
-- person, oldest first, found without reading the decided ones.
CREATE INDEX age_verification_request_review ON age_verification_request (created_at, uuid) WHERE status = 'needs_review';
