import { defineCatalogue } from '../catalogue/catalogue';
import { maxIndexedTextLength, text } from '../catalogue/fields';
import { assertValid } from '../errors';

export interface NamedData {
  name: string;
}

export const materials = defineCatalogue<'Material', NamedData>('Material', {
  label: 'Material',
  streamPrefix: 'material',
});
export const materialTypes = defineCatalogue<'MaterialType', NamedData>('MaterialType', {
  label: 'Material type',
  streamPrefix: 'material-type',
});

export const nameRequired = 'Name is required';
export const nameTooLong = `Name can be max ${maxIndexedTextLength} characters`;

/** Spec section 5: material and material type. */
export function validateNamed(input: { name?: unknown }): NamedData {
  const name = text(input.name);
  assertValid(
    name === '' ? { name: nameRequired } : name.length > maxIndexedTextLength ? { name: nameTooLong } : {},
  );
  return { name };
}
