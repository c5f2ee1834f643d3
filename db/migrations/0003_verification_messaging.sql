-- Outgoing e-mail and SMS (messaging). A row is written in the transaction of the change that causes it,
-- so a message exists exactly when that change committed; the delivery job sends it at least once.
CREATE TABLE messaging_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254),
  subject text CHECK (subject IS NULL OR length(subject) <= 200),
  body text NOT NULL,
  template text NOT NULL CHECK (template ~ '^[a-z][a-z0-9_]{0,63}$'),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Earliest time the job may (re)try: pushed forward while a sender holds the row and after each failure.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  -- Failed deliveries only; after the last allowed one the row is given up (failed_at).
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text,
  failed_at timestamptz,
  CHECK (channel = 'sms' OR subject IS NOT NULL),
  CHECK (sent_at IS NULL OR failed_at IS NULL)
);
CREATE INDEX messaging_outbox_due ON messaging_outbox (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX messaging_outbox_recipient ON messaging_outbox (recipient, id);

-- One-time codes sent by SMS or e-mail (verification). The code itself is never stored, only its
-- salted scrypt hash; a validated item can be consumed once by a later step (registration, phone change).
CREATE TABLE verification_item (
  uuid uuid PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  identifier text NOT NULL CHECK (length(identifier) BETWEEN 3 AND 254),
  code_hash text NOT NULL,
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0 AND attempts <= 5),
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'validated', 'expired', 'locked')),
  validated_at timestamptz,
  consumed_at timestamptz,
  purpose text NOT NULL CHECK (purpose ~ '^[a-z][a-z0-9_.-]{0,63}$'),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  ip inet,
  CHECK ((status = 'validated') = (validated_at IS NOT NULL)),
  CHECK (consumed_at IS NULL OR status = 'validated')
);
CREATE INDEX verification_item_identifier ON verification_item (channel, identifier, purpose, created_at);
