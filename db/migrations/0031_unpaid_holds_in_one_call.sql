-- Counts an order's unpaid-order holds (docs/decisions/0033) in one call instead of one lock per key,
-- an update and a count (docs/decisions/0040). In order: locks every key with a transaction-scoped
-- advisory lock (sorted bytewise, the same order for every caller, so two placements never deadlock
-- on them), records the keys on the order, and answers per key how many orders wait for payment
-- with it, this one included. The function is VOLATILE, so each statement in it takes a fresh
-- snapshot: the count runs after the locks are held and sees every placement that committed
-- while this one waited for them, exactly as when the count was a statement of its own.
-- An unknown order raises no_data_found (P0002).
CREATE FUNCTION orders_hold_for_payment(p_entity_id uuid, p_keys text[]) RETURNS TABLE (key text, n int)
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  sorted text[] := ARRAY(SELECT x FROM (SELECT DISTINCT unnest(p_keys) AS x) AS d ORDER BY x COLLATE "C");
  k text;
  order_id bigint;
BEGIN
  FOREACH k IN ARRAY sorted LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('orders:hold:' || k, 0));
  END LOOP;
  UPDATE orders_order SET hold_keys = sorted WHERE entity_id = p_entity_id RETURNING id INTO order_id;
  IF order_id IS NULL THEN
    RAISE EXCEPTION 'order not found' USING ERRCODE = 'P0002';
  END IF;
  RETURN QUERY
    SELECT h AS key, count(*)::int AS n
      FROM orders_order o, unnest(o.hold_keys) h
     WHERE o.hold_keys && sorted AND h = ANY (sorted)
       AND o.status IN ('pending_payment', 'payment_failed') AND o.paid_at IS NULL
     GROUP BY h;
END
$$;
