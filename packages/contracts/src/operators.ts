import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './identity.js';

/**
 * Wire contracts of the operator console's access (docs/decisions/0076): the operator session at
 * `/admin/session` (password, then a TOTP code), operator accounts at `/admin/operators` and the
 * audit log at `/admin/audit`. The console (`apps/console`) and the server share them.
 */

export const OPERATOR_ROLES = ['owner', 'support', 'fulfilment', 'marketing', 'compliance'] as const;
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRoleName = z.infer<typeof OperatorRoleSchema>;

/** A six-digit TOTP code (RFC 6238, 30 s steps, SHA-1), spaces allowed as authenticator apps show them. */
export const TotpCodeSchema = z.string().trim().transform((s) => s.replace(/\s+/g, '')).pipe(z.string().regex(/^\d{6}$/, 'must be six digits'));

/** `POST /admin/session`: the first step of signing in. */
export const OperatorLoginBodySchema = z.strictObject({ email: EmailSchema, password: PasswordSchema });
export type OperatorLoginBody = z.infer<typeof OperatorLoginBodySchema>;

/** `POST /admin/session/totp`: the second step (or the enrolment's first code). */
export const OperatorTotpBodySchema = z.strictObject({ code: TotpCodeSchema });

export const OperatorSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: OperatorRoleSchema,
  status: z.enum(['active', 'disabled']),
  totp_enrolled: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/**
 * The session as the console sees it. `stage` 'totp' asks for a code, 'enrol' for the enrolment of an
 * authenticator first, 'signed_in' is the whole session. `csrf_token` goes back in `X-CSRF-Token` on
 * every change; `idle_timeout_seconds` is how long the session lives without a request.
 */
export const OperatorSessionSchema = z.object({
  stage: z.enum(['totp', 'enrol', 'signed_in']),
  csrf_token: z.string(),
  idle_timeout_seconds: z.number().int(),
  operator: OperatorSchema.nullable(),
  permissions: z.array(z.string()),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;

/** `GET /admin/session/enrolment`: the authenticator's setup, shown once before the first code. */
export const OperatorEnrolmentSchema = z.object({ otpauth_uri: z.string(), secret: z.string(), qr_svg: z.string() });

/** `POST /admin/operators`: an owner adds an operator, who enrols an authenticator at first sign-in. */
export const OperatorCreateBodySchema = z.strictObject({
  email: EmailSchema,
  name: z.string().trim().min(1).max(120),
  role: OperatorRoleSchema,
  /** The first password, given to the operator out of band: 12 to 128 characters. */
  password: z.string().min(12, 'must be at least 12 characters').max(128),
});
export type OperatorCreateBody = z.infer<typeof OperatorCreateBodySchema>;

/** `PATCH /admin/operators/{uuid}`: role, status, or a reset of the authenticator (enrolled again at next sign-in). */
export const OperatorUpdateBodySchema = z.strictObject({
  role: OperatorRoleSchema.optional(),
  status: z.enum(['active', 'disabled']).optional(),
  reset_totp: z.literal(true).optional(),
}).refine((b) => b.role !== undefined || b.status !== undefined || b.reset_totp !== undefined, 'nothing to change');

export const OperatorUuidParamsSchema = z.strictObject({ uuid: z.uuid() });
export const OperatorListSchema = z.object({ items: z.array(OperatorSchema) });

/** Paging shared by the console's lists: `page` from 1, `page_size` 10–100. */
export const ConsolePagingQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

/**
 * The big lists (orders, customers) count their matches up to this many and then say "more": an exact
 * count of 100,000 rows costs more than the page itself (docs/decisions/0084).
 */
export const CONSOLE_COUNT_CAP = 10_000;

export const PageInfoSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  /** True when there are more matches than `total` (counted up to CONSOLE_COUNT_CAP). */
  total_capped: z.boolean().optional(),
});

/** `GET /admin/audit`: search by text (entity id or actor), action, entity, operator and time. */
export const AuditQuerySchema = ConsolePagingQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  action: z.string().regex(/^[a-z][a-z_.]*$/).max(80).optional(),
  entity_type: z.string().regex(/^[a-z][a-z_]*$/).max(40).optional(),
  entity_id: z.string().trim().min(1).max(200).optional(),
  operator: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_kind: z.enum(['operator', 'token', 'system']),
  operator_uuid: z.string().nullable(),
  actor_label: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({ items: z.array(AuditEntrySchema), page_info: PageInfoSchema });
