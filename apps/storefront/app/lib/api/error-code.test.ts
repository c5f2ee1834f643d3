import { ERROR_CODES } from '@ember/contracts';
import { describe, expect, it } from 'vitest';
import { errorCodeOf } from './error-code';

describe('errorCodeOf', () => {
  it('takes every code of the shared table', () => {
    for (const code of Object.keys(ERROR_CODES)) expect(errorCodeOf(code)).toBe(code);
  });

  it('takes nothing that is not shaped like one', () => {
    for (const value of [undefined, null, 42, '', 'x', 'not_found', '<html>', 'A'.repeat(65), 'NOT FOUND', { code: 'NOT_FOUND' }]) {
      expect(errorCodeOf(value)).toBeUndefined();
    }
  });
});
