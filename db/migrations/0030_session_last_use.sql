-- When each session was last used, so a session left unused longer than the idle limit
-- (SESSION_IDLE_HOURS) ends even within its absolute lifetime (checklist 13, ASVS 7.3.1).
-- Existing sessions count as last used when they were opened: none of them gains idle time.
ALTER TABLE identity_session ADD COLUMN last_used_at timestamptz;
UPDATE identity_session SET last_used_at = created_at;
ALTER TABLE identity_session ALTER COLUMN last_used_at SET DEFAULT now();
ALTER TABLE identity_session ALTER COLUMN last_used_at SET NOT NULL;
