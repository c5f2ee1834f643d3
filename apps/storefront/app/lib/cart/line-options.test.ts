import { describe, expect, it } from 'vitest';
import { optionsNotInName } from './cart-lines';

describe('optionsNotInName', () => {
  it('drops an option whose value the line\'s name already says, whatever its case', () => {
    expect(optionsNotInName('Ember One Copper', [{ label: 'Colour', value: 'Copper' }])).toEqual([]);
    expect(optionsNotInName('Ember One copper', [{ label: 'Farbe', value: 'Copper' }, null])).toEqual([]);
  });

  it('keeps the options a product name does not say', () => {
    expect(optionsNotInName('Ember One', [{ label: 'Colour', value: 'Copper' }])).toEqual([{ label: 'Colour', value: 'Copper' }]);
    expect(optionsNotInName('Ember One', null)).toEqual([]);
  });
});
