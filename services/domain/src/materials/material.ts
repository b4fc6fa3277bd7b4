import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import { maxIndexedTextLength, text } from '../catalogue/fields';
import { assertValid } from '../errors';

export const NamedDataSchema = Type.Object({ name: Type.String() });
export type NamedData = Static<typeof NamedDataSchema>;

export const materials = defineCatalogue('Material', {
  label: 'Material',
  streamPrefix: 'material',
  record: NamedDataSchema,
});
export const materialTypes = defineCatalogue('MaterialType', {
  label: 'Material type',
  streamPrefix: 'material-type',
  record: NamedDataSchema,
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
