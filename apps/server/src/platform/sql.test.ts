import { describe, expect, it } from 'vitest';
import { Conditions, escapeLike } from './sql.js';

describe('conditions', () => {
  it('numbers each parameter as it is added, and a value used twice is one parameter', () => {
    const c = new Conditions();
    expect(c.where()).toBe('');
    c.and(`a = ${c.p(1)}`);
    const text = c.p('x');
    c.and(`(b = ${text} OR d = ${text})`);
    expect(c.where()).toBe('WHERE a = $1 AND (b = $2 OR d = $2)');
    expect(`LIMIT ${c.p(10)}`).toBe('LIMIT $3');
    expect(c.params).toEqual([1, 'x', 10]);
  });

  it('escapes what LIKE would read as a pattern', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
