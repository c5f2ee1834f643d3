-- Account security (docs/decisions/0030).
--
-- Registrations of an address that already has an account. They answer like a new registration
-- (checklist 11: no enumeration) with a uuid of their own; this row lets that uuid's later steps
-- (asking for the code again) answer like a real registration's too, and sends the address's owner a
-- notice instead of a code. Rows are kept one day at most (the registration code lives ten minutes).
CREATE TABLE identity_registration_attempt (
  uuid uuid PRIMARY KEY,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX identity_registration_attempt_created ON identity_registration_attempt (created_at);

-- The account a one-time code was asked for by, when it was asked with a session (a contact change).
-- A later step for another account cannot use it (checklist 16: bound to user, target and request).
-- No foreign key: verification does not own accounts, and items outlive nothing but their minutes.
ALTER TABLE verification_item ADD COLUMN user_uuid uuid;
