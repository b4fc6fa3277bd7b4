import { type Static, Type } from '@sinclair/typebox';
import { assertValid } from '../errors';
import { maxIndexedTextLength, text } from './fields';

/** A record that is only its name: a contractor or transport company, a material or a material type. */
export const NamedDataSchema = Type.Object({ name: Type.String() });
export type NamedData = Static<typeof NamedDataSchema>;

/**
 * A record's name: the trimmed name, required and short enough to index; `messages` word the refusals,
 * given under `field` (the form's name for it: 'name', or a scale's 'scaleName').
 */
export function validateName(
  input: { name?: unknown },
  messages: { required: string; tooLong: string },
  field = 'name',
): NamedData {
  const name = text(input.name);
  assertValid(
    name === ''
      ? { [field]: messages.required }
      : name.length > maxIndexedTextLength
        ? { [field]: messages.tooLong }
        : {},
  );
  return { name };
}

/**
 * Issue 34, D13: the office tells records apart by name, so two of one catalogue may not share a name
 * ignoring case and surrounding spaces ('Clean Fill' and ' clean fill ' are one material).
 */
export const nameKey = (name: string): string => name.trim().toLowerCase();

/** The refusal of a name another record of the catalogue (its `label`: 'Material type') already has. */
export const nameTakenMessage = (label: string, name: string): string =>
  `A ${label.toLowerCase()} named ${name.trim()} already exists.`;
