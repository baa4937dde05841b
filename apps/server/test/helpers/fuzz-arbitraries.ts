import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
};

/** Strings a request may carry that no form would: controls, lone surrogates, RTL marks, emoji. */
export const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', '\ud800', '\u202e', '𝕏'.repeat(50), 'a\r\nb', '%00', '../..', '💥'),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** A value the JSON schema describes: mostly valid, with sizes kept small so runs are cheap. */
function fromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(fromJsonSchema));
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date') {
        return fc
          .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      }
      if (schema.format === 'uuid') return fc.uuid();
      return fc.oneof(
        fc.string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 20, 20),
        }),
        oddText,
      );
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map(fromJsonSchema));
      return fc.array(schema.items ? fromJsonSchema(schema.items) : fc.jsonValue(), {
        minLength: Math.min(schema.minItems ?? 0, 5),
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0 && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(oddText, fromJsonSchema(schema.additionalProperties), { maxKeys: 4 });
      }
      const model = Object.fromEntries(keys.map((k) => [k, fromJsonSchema(properties[k] ?? {})]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Arbitrary request bodies shaped by a contract schema (as a client would see it). */
export function arbitraryFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json);
}

const deepNest = fc
  .integer({ min: 20, max: 200 })
  .map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown);

/** What replaces one part of an otherwise valid body. */
const replacement: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  oddText,
  deepNest,
  fc.constantFrom(
    Array.from({ length: 20_000 }, () => 0),
    Array.from({ length: 3_000 }, () => ['x', 'y']),
    Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`k${i}`, [i]])),
    'x'.repeat(100_000),
    1e308,
    -0,
  ),
);

function paths(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at);
  if (out.length > 200) return out;
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  }
  return out;
}

function replaceAt(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaceAt(copy[head], rest, by);
  return copy;
}

/** A body of the schema's shape with one part (maybe the whole) swapped for something wrong. */
export function mutatedBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), replacement).map(([body, pick, by]) => {
    const all = paths(body);
    return replaceAt(body, all[pick % all.length] ?? [], by);
  });
}

/** Serialised text, then broken at the byte level. */
export function brokenText(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string | Buffer> {
  return fc.oneof(
    fc.tuple(valid, fc.nat()).map(([body, cut]) => {
      const text = JSON.stringify(body) ?? '';
      return text.slice(0, cut % (text.length + 1));
    }),
    fc.tuple(valid, fc.nat(), fc.integer({ min: 0, max: 255 })).map(([body, at, byte]) => {
      const bytes = Buffer.from(JSON.stringify(body) ?? '');
      if (bytes.length > 0) bytes[at % bytes.length] = byte;
      return bytes;
    }),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    // Nesting far past any valid body, as text: no object this deep is built in the test.
    fc
      .integer({ min: 1_000, max: 200_000 })
      .map((depth) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`),
    fc.constantFrom('', 'null', '[]', '"x"', '{"a":1', '{"__proto__":{"x":1}}', '\ufeff{}'),
  );
}

export const oddContentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'x/y;;;=',
  '',
);
