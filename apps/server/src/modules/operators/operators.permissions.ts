/**
 * Operator roles and what each may do (docs/decisions/0076). Pure: no I/O. A permission names an
 * area and whether it reads or changes it; a route asks for exactly one.
 */
export const OPERATOR_ROLES = ['owner', 'support', 'fulfilment', 'marketing', 'compliance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  'dashboard:read',
  'orders:read', 'orders:write', 'orders:refund',
  'customers:read', 'customers:write', 'customers:privacy',
  'compliance:read', 'compliance:write',
  'catalogue:read', 'catalogue:write', 'stock:write',
  'content:read', 'content:write',
  'promotions:read', 'promotions:write', 'loyalty:adjust',
  'subscriptions:read', 'subscriptions:write',
  'returns:read', 'returns:write',
  'audit:read', 'operators:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  support: [
    'dashboard:read', 'orders:read', 'orders:write', 'orders:refund', 'customers:read', 'customers:write', 'customers:privacy',
    'compliance:read', 'catalogue:read', 'content:read', 'promotions:read', 'loyalty:adjust', 'subscriptions:read', 'subscriptions:write',
    'returns:read', 'returns:write',
  ],
  fulfilment: ['dashboard:read', 'orders:read', 'orders:write', 'catalogue:read', 'stock:write', 'returns:read', 'returns:write'],
  marketing: ['dashboard:read', 'catalogue:read', 'catalogue:write', 'content:read', 'content:write', 'promotions:read', 'promotions:write', 'loyalty:adjust', 'customers:read'],
  compliance: ['dashboard:read', 'compliance:read', 'compliance:write', 'customers:read', 'customers:privacy', 'orders:read', 'audit:read'],
};

/** The permissions a role grants. */
export function permissionsOf(role: OperatorRole): ReadonlySet<Permission> {
  return new Set(ROLE_PERMISSIONS[role]);
}

/** Who is acting at /admin: a signed-in operator, or a script holding ADMIN_TOKEN (every permission). */
export interface OperatorActor {
  kind: 'operator' | 'token' | 'system';
  /** The operator's uuid; null for the token and for the shop's own commands. */
  uuid: string | null;
  /** The operator's e-mail at the time of acting, or 'ADMIN_TOKEN'. */
  label: string;
  role: OperatorRole | 'script';
  permissions: ReadonlySet<Permission>;
}

/** One entry of the audit log: what an operator changed, with the record before and after. */
export interface AuditEntry {
  /** What was done, `area.verb` (e.g. `order.status`, `order.refund`, `return.approve`, `stock.set`). */
  action: string;
  /** The kind of record changed (e.g. `order`, `customer`, `return`, `product`, `coupon`, `operator`). */
  entity_type: string;
  /** Its public reference (order number, customer uuid, sku, ...). */
  entity_id: string;
  before?: unknown;
  after?: unknown;
}
