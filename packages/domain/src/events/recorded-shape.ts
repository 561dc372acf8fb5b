/**
 * An event's schema made from the request schema whose values it records (docs/adding-a-change.md,
 * "Adding a new booking rule"): the shape — types, enums, a string's pattern or format, which
 * fields, how they nest — and none of the bounds. The request checks what may be asked now; the log keeps what was accepted then,
 * so a bound that tightens later must not make an old event invalid. A setting added to the
 * request schema is recorded without a second schema to write.
 */

/** Keywords about a value's size, range or German refusal, not its shape. */
const CONTENT_KEYWORDS: ReadonlySet<string> = new Set([
  '$id',
  'default',
  'errorMessage',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'maxItems',
  'maxLength',
  'maxProperties',
  'maximum',
  'minItems',
  'minLength',
  'minProperties',
  'minimum',
  'not',
  'uniqueItems',
]);

/** Keywords whose value is a map of names to schemas, not a schema itself. */
const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties']);

function shapeOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shapeOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const kept = Object.entries(schema).filter(([keyword]) => !CONTENT_KEYWORDS.has(keyword));
  return Object.fromEntries(
    kept.map(([keyword, value]) => [
      keyword,
      SCHEMA_MAPS.has(keyword)
        ? Object.fromEntries(Object.entries(value as object).map(([name, sub]) => [name, shapeOf(sub)]))
        : shapeOf(value),
    ]),
  );
}

/** The request schema's shape, for the event that records what it accepted. */
export function recordedShape(requestSchema: object): object {
  return shapeOf(requestSchema) as object;
}
