-- Order attribute definitions are configuration: each instance keeps the store view's definitions
-- in memory for checkout, and drops them when a change is announced (docs/decisions/0042).
CREATE TRIGGER orders_attribute_changes AFTER INSERT OR UPDATE OR DELETE ON orders_attribute FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
