/** Normalises loosely typed JSON input (forms send '', null or numbers as strings) into record fields. */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : value == null ? '' : String(value).trim();

export const optionalText = (value: unknown): string | null => {
  const trimmed = text(value);
  return trimmed === '' ? null : trimmed;
};

export const flag = (value: unknown): boolean => value === true || value === 'true' || value === 1;

/** A positive id, or null for "none chosen" (0, '', null). */
export const optionalId = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export const optionalNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
};
