import { CUSTOM_ISSUE, schemaResolver, type FormSchema } from './schema-resolver';

export interface CodeValues {
  code: string;
}

/** Six digits, as the e-mail or text message shows them; spaces typed between groups are ignored. */
const CodeSchema: FormSchema<CodeValues> = {
  safeParse(value) {
    const code = String((value as Partial<CodeValues>).code ?? '').replace(/\s+/g, '');
    if (/^\d{6}$/.test(code)) return { success: true, data: { code } };
    return { success: false, error: { issues: [{ code: CUSTOM_ISSUE, path: ['code'], message: code ? 'codeFormat' : 'required' }] } };
  },
};

export const codeResolver = schemaResolver<CodeValues, CodeValues>(CodeSchema);

/** The field message for a wrong code: how many tries are left when the server says. */
export function wrongCodeMessage(details: unknown): string {
  const remaining = (details as { remaining_attempts?: number } | undefined)?.remaining_attempts;
  return remaining === undefined ? 'codeWrong' : `codeWrongLeft:${remaining}`;
}
