/** The console's areas and the permission each needs (apps/server/src/modules/operators/operators.permissions.ts). */

export interface Area {
  key: 'dashboard' | 'orders' | 'customers' | 'returns' | 'compliance' | 'catalogue' | 'content' | 'subscriptions' | 'trials' | 'coupons' | 'audit' | 'operators';
  path: string;
  permission: string;
  /** The area's pages all live under this path (its link stays marked on each of them). */
  section?: string;
}

export const AREAS: readonly Area[] = [
  { key: 'dashboard', path: '/', permission: 'dashboard:read' },
  { key: 'orders', path: '/orders', permission: 'orders:read' },
  { key: 'customers', path: '/customers', permission: 'customers:read' },
  { key: 'returns', path: '/returns', permission: 'returns:read' },
  { key: 'compliance', path: '/compliance/age-checks', permission: 'compliance:read', section: '/compliance/' },
  { key: 'catalogue', path: '/catalogue', permission: 'catalogue:read', section: '/catalogue/' },
  { key: 'content', path: '/content', permission: 'content:read', section: '/content/' },
  { key: 'subscriptions', path: '/subscriptions', permission: 'subscriptions:read' },
  { key: 'trials', path: '/trials', permission: 'subscriptions:read' },
  { key: 'coupons', path: '/promotions/coupons', permission: 'promotions:read', section: '/promotions/' },
  { key: 'audit', path: '/audit', permission: 'audit:read' },
  { key: 'operators', path: '/operators', permission: 'operators:manage' },
];

/** The areas the operator's permissions open, in the navigation's order. */
export function visibleAreas(permissions: readonly string[]): Area[] {
  const has = new Set(permissions);
  return AREAS.filter((a) => has.has(a.permission));
}

export function can(permissions: readonly string[] | undefined, permission: string): boolean {
  return !!permissions?.includes(permission);
}
