import { AppError } from '../../platform/errors.js';

/** Customer attributes the shop collects beyond the profile (spec "extra"), with their rules. */
export const CUSTOM_ATTRIBUTES = [
  { code: 'preferred_flavour', label: 'Preferred flavour', input_type: 'select', is_required: false, options: ['amber', 'teak', 'turquoise', 'sienna', 'bronze', 'mint', 'frost', 'citrus', 'berry'] },
  { code: 'current_product', label: 'What do you use today?', input_type: 'select', is_required: false, options: ['cigarettes', 'heated_tobacco', 'e_cigarette', 'other'] },
  { code: 'nickname', label: 'Nickname', input_type: 'text', is_required: false, max_length: 40 },
] as const;

/** Checks attribute values against their definitions; unknown codes and bad values are VALIDATION_FAILED. */
export function checkCustomAttributes(values: { code: string; value: string }[]): void {
  for (const { code, value } of values) {
    const def = CUSTOM_ATTRIBUTES.find((d) => d.code === code);
    if (!def) throw new AppError('VALIDATION_FAILED', `Unknown attribute ${code}`, { fields: { [code]: 'unknown' } });
    const ok = 'options' in def ? (def.options as readonly string[]).includes(value) : value.length <= def.max_length && !/[<>\r\n]/.test(value);
    if (!ok) throw new AppError('VALIDATION_FAILED', `Invalid value for ${code}`, { fields: { [code]: 'invalid' } });
  }
}
