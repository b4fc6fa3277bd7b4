import { defineCatalogue } from '../catalogue/catalogue';
import { maxIndexedTextLength } from '../catalogue/fields';
import { type NamedData, NamedDataSchema, validateName } from '../catalogue/named-record';

export const materials = defineCatalogue('Material', NamedDataSchema);
export const materialTypes = defineCatalogue('MaterialType', NamedDataSchema);

export const nameRequired = 'Name is required';
export const nameTooLong = `Name can be max ${maxIndexedTextLength} characters`;

/** A material or material type needs a name. */
export const validateNamed = (input: { name?: unknown }): NamedData =>
  validateName(input, { required: nameRequired, tooLong: nameTooLong });
