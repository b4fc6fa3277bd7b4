/**
 * A text a spreadsheet would take for a formula once its cell is edited, or once the sheet is saved as CSV
 * and opened again, starts with = + - @, or a tab or carriage return (OWASP, "CSV Injection"). Such a text
 * is written with a leading apostrophe, as OWASP advises, so no spreadsheet evaluates it: the text stays
 * readable and the apostrophe says it was neutralised. Every text a user typed goes through here on its
 * way into a workbook (issue 32, item 6).
 */
const formulaStart = /^[=+\-@\t\r]/;

export const inertText = (text: string): string => (formulaStart.test(text) ? `'${text}` : text);

/** A cell's value with its text, if it is a text, made inert; numbers, dates and empties as they are. */
export const inertCell = <Value>(value: Value): Value | string =>
  typeof value === 'string' ? inertText(value) : value;
