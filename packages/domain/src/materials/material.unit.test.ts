import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import { materials, materialTypes, nameRequired, validateNamed } from './material';

describe('materials and material types', () => {
  it('keep the trimmed name', () => {
    expect(validateNamed({ name: '  Clean fill ' })).toEqual({ name: 'Clean fill' });
  });

  it.each([{}, { name: '' }, { name: ' \t ' }, { name: null }])('refuse %o: Name is required', (input) => {
    expect(refusal(() => validateNamed(input))).toEqual(invalidField('name', 'Name is required'));
    expect(nameRequired).toBe('Name is required');
  });

  it('are two catalogues with their own streams and messages', () => {
    expect(materials.streamId(3)).toBe('material-3');
    expect(materialTypes.streamId(3)).toBe('material-type-3');
    expect(materials.notFoundMessage).toBe('Material not found.');
    expect(materialTypes.notFoundMessage).toBe('Material type not found.');
    expect(materialTypes.eventTypes.created).toBe('MaterialTypeCreated');
  });
});
