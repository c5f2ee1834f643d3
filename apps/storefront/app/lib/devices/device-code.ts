import { DEVICE_CODE_LENGTH, hasValidCheckCharacter, isDeviceCodeShaped, normaliseDeviceCode } from '@ember/contracts';
import { CUSTOM_ISSUE, schemaResolver, type FormSchema } from '../forms/schema-resolver';

export interface DeviceCodeValues {
  code: string;
}

/**
 * A registration code as people type it (any case, spaces or dashes): 12 characters whose last one
 * is the check character (ISO 7064 MOD 37-36). A typo is caught here, before any call.
 */
export const DeviceCodeSchema: FormSchema<DeviceCodeValues> = {
  safeParse(value) {
    const typed = String((value as Partial<DeviceCodeValues>).code ?? '');
    const code = normaliseDeviceCode(typed);
    if (!code) return { success: false, error: { issues: [{ code: CUSTOM_ISSUE, path: ['code'], message: 'required' }] } };
    if (!isDeviceCodeShaped(code)) return { success: false, error: { issues: [{ code: CUSTOM_ISSUE, path: ['code'], message: `deviceCodeLength:${DEVICE_CODE_LENGTH}` }] } };
    if (!hasValidCheckCharacter(code)) return { success: false, error: { issues: [{ code: CUSTOM_ISSUE, path: ['code'], message: 'deviceCodeCheck' }] } };
    return { success: true, data: { code } };
  },
};

export const deviceCodeResolver = schemaResolver<DeviceCodeValues, DeviceCodeValues>(DeviceCodeSchema);

/** A serial shown in groups of four, as printed on the device. */
export function groupedCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}
