// A form's values as the API takes them, by one rule for every form: a blank is none, whatever the input
// gave for it ('', null, undefined, spaces).

/** A form's text, trimmed ('' for none); a number an input gave stays as typed. */
export const text = (value: unknown): string => (value == null ? '' : String(value).trim());

/** A form's text, trimmed, or null for none. */
export const textOrNull = (value: unknown): string | null => text(value) || null;

/** An id chosen in a dropdown, or null when none is (a cleared dropdown gives '' or null). */
export const chosenId = (value: unknown): number | null => {
  const id = Number(value);
  return value === '' || value == null || !Number.isInteger(id) || id < 1 ? null : id;
};

/** A picked date or time as ISO text (a Date, or the text an input gave), or null for none. */
export const instant = (value: unknown): string | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return textOrNull(value);
};
