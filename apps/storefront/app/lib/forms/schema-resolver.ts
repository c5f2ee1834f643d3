import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';

/** The parts of a zod issue the form needs (structural, so the contracts' schemas fit as they are). */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

/** A contract schema, or one derived from it with `.extend`, `.omit` or `.superRefine`. */
export interface FormSchema<Output> {
  safeParse(value: unknown): { success: true; data: Output } | { success: false; error: { issues: SchemaIssue[] } };
}

/** Custom issues carry the message key themselves (`passwordMismatch`, `underage`, ...). */
export const CUSTOM_ISSUE = 'custom';

/**
 * The message key for a schema issue; fields translate it under `form.errors`. A count travels
 * after a colon (`tooLong:80`).
 */
export function issueMessage(issue: SchemaIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : 'invalid';
    case 'too_small':
      return Number(issue.minimum) <= 1 ? 'required' : `tooShort:${issue.minimum}`;
    case 'too_big':
      return `tooLong:${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'invalid';
    case CUSTOM_ISSUE:
      return issue.message;
    default:
      return 'invalid';
  }
}

/**
 * Empty inputs are absent values: `''` becomes undefined (so optional fields pass and required
 * ones say "required"), and empty entries drop out of lists (a blank second street line).
 */
export function withoutEmptyValues(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return value.map(withoutEmptyValues).filter((v) => v !== undefined);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutEmptyValues(v)]));
  }
  return value;
}

/**
 * react-hook-form resolver for the shared zod schemas: errors keep their message keys so the form
 * shows them in the page's language. `fieldFor` maps an issue path to the input that shows it
 * (a missing street list shows on the first street line).
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: FormSchema<Output>,
  fieldFor: (path: string) => string = (path) => path,
): Resolver<Values, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(withoutEmptyValues(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const issue of result.error.issues) {
      const field = fieldFor(issue.path.map(String).join('.') || 'root');
      // The first problem of a field is the one worth reading.
      if (!hasError(errors, field)) set(errors, field, { type: issue.code, message: issueMessage(issue) });
    }
    return { values: {}, errors };
  };
}

function hasError(errors: object, path: string): boolean {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) !== undefined;
}
