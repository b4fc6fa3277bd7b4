/**
 * An answer already written as JSON, whose value is a `Value`: PostgreSQL writes the long ticket lists
 * itself, and the API sends the text as it is (a preSerialization hook), with no rows to parse nor
 * objects to serialize. A route returns one as it would return the value.
 */
export class JsonText<Value> {
  /** Only in the type: keeps a text of one shape from standing in for another's. */
  declare readonly jsonOf?: Value;

  constructor(readonly text: string) {}

  parse(): Value {
    return JSON.parse(this.text) as Value;
  }
}

/**
 * The JSON of an object with the fields of `value` and, before them, those of `written`, each a JSON
 * text already written: a page is its tickets' JSON with its total beside them.
 */
export function jsonObjectWith<Value extends object, Written extends object>(
  written: { [Field in keyof Written]: JsonText<Written[Field]> },
  value: Value,
): JsonText<Written & Value> {
  const writtenFields = Object.entries<JsonText<unknown>>(written).map(
    ([field, json]) => `${JSON.stringify(field)}:${json.text}`,
  );
  const valueFields = JSON.stringify(value).slice(1, -1);
  return new JsonText(`{${[...writtenFields, ...(valueFields ? [valueFields] : [])].join(',')}}`);
}
