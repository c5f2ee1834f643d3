-- Leads: people met at an event or by a promoter, e-mailed a signed link to confirm the marketing
-- consents they asked for, and the purchases later made with their e-mail address (docs/decisions/0058).

CREATE TABLE leads_lead (
  id uuid PRIMARY KEY,
  store_code text NOT NULL REFERENCES store_view (code),
  source text NOT NULL CHECK (source IN ('event', 'promoter')),
  -- The event's or the promoter's code the lead was met under.
  campaign_code text NOT NULL CHECK (campaign_code ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
  email text NOT NULL CHECK (email = lower(email) AND length(email) <= 254 AND position('@' IN email) > 1),
  first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 80),
  -- Marketing purposes of the consents module (consent_purpose ids), each once; the service checks that they are.
  purposes text[] NOT NULL CHECK (
    cardinality(purposes) BETWEEN 1 AND 10
    AND array_to_string(purposes, ',', '*') ~ '^[a-z][a-z0-9_]{1,63}(,[a-z][a-z0-9_]{1,63})*$'
    AND array_to_string(purposes, ',') !~ '(^|,)([a-z][a-z0-9_]*)(,.*)?,\2(,|$)'
  ),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed')),
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT leads_lead_confirmed_when CHECK ((status = 'confirmed') = (confirmed_at IS NOT NULL)),
  -- One lead per person and campaign in a store view: registering them again answers the same lead.
  CONSTRAINT leads_lead_once_per_campaign UNIQUE (store_code, campaign_code, email)
);
-- Orders and registrations are matched to leads by e-mail address.
CREATE INDEX leads_lead_email ON leads_lead (email, created_at);

-- What a lead bought: an order paid with the lead's e-mail address in the lead's website, placed
-- after the lead was met. The orders module's event outbox tells it; an order is credited once, to one lead.
CREATE TABLE leads_purchase (
  lead_id uuid NOT NULL REFERENCES leads_lead (id) ON DELETE CASCADE,
  order_entity_id uuid NOT NULL REFERENCES orders_order (entity_id),
  order_number text NOT NULL CHECK (length(order_number) BETWEEN 1 AND 64),
  purchased_at timestamptz NOT NULL,
  -- [{ "sku": "...", "quantity": n }], one entry per product.
  items jsonb NOT NULL CHECK (
    jsonb_typeof(items) = 'array' AND jsonb_array_length(items) BETWEEN 1 AND 500
    AND NOT jsonb_path_exists(items, '$[*] ? (!exists(@.sku) || !exists(@.quantity) || @.sku.type() != "string" || @.quantity.type() != "number" || @.quantity < 1 || @.quantity != @.quantity.floor())')
  ),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lead_id, order_entity_id),
  CONSTRAINT leads_purchase_order_once UNIQUE (order_entity_id)
);
