-- What a shown page depends on announces its changes: every committed change to the catalogue,
-- low stock, content or configuration sends NOTIFY ember_changes with a tag (catalog, stock,
-- content, config). Each instance listens and drops what it keeps of that kind: the page cache's
-- entries with the tag and the services' in-memory copies (docs/decisions/0042). PostgreSQL sends a
-- transaction's notifications once each, at commit, so a bulk change is one message per tag.
CREATE FUNCTION changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ember_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;

CREATE TRIGGER store_website_changes AFTER INSERT OR UPDATE OR DELETE ON store_website FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER store_view_changes AFTER INSERT OR UPDATE OR DELETE ON store_view FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER store_view_country_changes AFTER INSERT OR UPDATE OR DELETE ON store_view_country FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER directory_country_changes AFTER INSERT OR UPDATE OR DELETE ON directory_country FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER directory_country_name_changes AFTER INSERT OR UPDATE OR DELETE ON directory_country_name FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER directory_region_changes AFTER INSERT OR UPDATE OR DELETE ON directory_region FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER checkout_pickup_store_changes AFTER INSERT OR UPDATE OR DELETE ON checkout_pickup_store FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER cart_tax_rate_changes AFTER INSERT OR UPDATE OR DELETE ON cart_tax_rate FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');

CREATE TRIGGER catalog_category_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_category FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_category_text_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_category_text FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_color_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_color FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_flavor_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_flavor FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_option_label_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_option_label FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_product_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_product FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_product_text_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_product_text FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_product_price_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_product_price FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_product_tier_price_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_product_tier_price FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_category_product_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_category_product FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_product_media_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_product_media FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_configurable_attribute_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_configurable_attribute FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_configurable_link_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_configurable_link FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_bundle_option_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_bundle_option FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_bundle_option_text_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_bundle_option_text FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_bundle_selection_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_bundle_selection FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_bundle_selection_price_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_bundle_selection_price FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER catalog_product_link_changes AFTER INSERT OR UPDATE OR DELETE ON catalog_product_link FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');
CREATE TRIGGER cart_promotion_changes AFTER INSERT OR UPDATE OR DELETE ON cart_promotion FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('catalog');

CREATE TRIGGER content_faq_changes AFTER INSERT OR UPDATE OR DELETE ON content_faq FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
CREATE TRIGGER content_marketing_page_changes AFTER INSERT OR UPDATE OR DELETE ON content_marketing_page FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
CREATE TRIGGER content_legal_page_changes AFTER INSERT OR UPDATE OR DELETE ON content_legal_page FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');

-- Stock is shown as in or out of stock, and as "only N left" from 5 down: only a change that can
-- alter either is announced, not every sale of a well-stocked product.
CREATE TRIGGER inventory_stock_shown_changes AFTER UPDATE ON inventory_stock FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity AND (OLD.quantity <= 5 OR NEW.quantity <= 5))
  EXECUTE FUNCTION changes_notify('stock');
CREATE TRIGGER inventory_stock_rows_changes AFTER INSERT OR DELETE ON inventory_stock FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('stock');
