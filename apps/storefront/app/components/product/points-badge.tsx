/**
 * The loyalty points a product earns. The loyalty club is not live yet, so the badge renders
 * nothing; pages already place it where it will show.
 */
export function PointsBadge(_props: { sku: string }) {
  return null;
}
