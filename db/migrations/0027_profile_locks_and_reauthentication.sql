-- Profile facts bound by an age verification, and fresh re-authentication of a session
-- (docs/decisions/0031).

-- Whether a verification method confirms the customer's names as well as the date of birth: a
-- document or a bank account names its holder; the hidden check only re-reads what the shop holds.
-- New methods bind names unless marked otherwise (fail safe).
ALTER TABLE age_verification_method ADD COLUMN binds_names boolean NOT NULL DEFAULT true;
UPDATE age_verification_method SET binds_names = false WHERE kind = 'hidden';

-- Once an age verification confirmed them, the date of birth (allow_date_of_birth_update, spec §3
-- meta) and, where the method binds them, the names change only through a new verification.
ALTER TABLE identity_user ADD COLUMN allow_name_update boolean NOT NULL DEFAULT true;
UPDATE identity_user SET allow_date_of_birth_update = false WHERE is_age_verified;
UPDATE identity_user u SET allow_name_update = false
 WHERE EXISTS (
   SELECT 1 FROM age_verification_request r
     JOIN age_verification_method m ON m.country_code = r.country_code AND m.code = r.method_code
    WHERE r.user_uuid = u.uuid AND r.status = 'verified' AND m.binds_names
 );

-- When the session's holder last proved it again (password or one-time code): data export and
-- account cancellation need a recent one.
ALTER TABLE identity_session ADD COLUMN reauthenticated_at timestamptz;
