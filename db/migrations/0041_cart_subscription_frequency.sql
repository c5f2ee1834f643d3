-- The subscription choice on product pages (docs/decisions/0059): the delivery frequency a cart line
-- carries into the subscription its order starts, and the one-time product of the same goods that a
-- plan's subscription product is offered against.

-- Delivery every n weeks, as the shopper chose it for a subscription line; NULL: the plan's default.
ALTER TABLE cart_item ADD COLUMN subscription_frequency_weeks int
  CHECK (subscription_frequency_weeks BETWEEN 1 AND 26);

-- The product bought once that this subscription product delivers again and again (a carton of the
-- same blend): the product pages offer "one-time" and "subscribe" as a choice between the two.
ALTER TABLE subscription_plan_product ADD COLUMN one_time_sku text
  CHECK (one_time_sku IS NULL OR (one_time_sku <> sku AND length(one_time_sku) <= 64));

-- Databases seeded before this migration get what db/seed/0038_subscriptions.sql sets on a new one: each
-- demo subscription carton stands for the carton of its blend (on a new database the plans are still
-- empty here and nothing happens).
UPDATE subscription_plan_product pp
   SET one_time_sku = o.sku
  FROM catalog_product s
  JOIN catalog_product o ON o.kind = 'sticks_carton' AND o.flavor = s.flavor AND o.sticks_per_unit = s.sticks_per_unit
 WHERE s.sku = pp.sku AND s.kind = 'subscription' AND pp.one_time_sku IS NULL;
