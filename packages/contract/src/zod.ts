import { z } from 'zod';

/*
 * zod, as every schema of the contract uses it. In a browser (the web app, whose
 * Content-Security-Policy forbids eval) zod parses without generated code, and does not probe
 * whether it may generate any: the probe alone is reported as a CSP violation. Elsewhere (the
 * server) it keeps its faster generated parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * `z.record(key, value)` that keeps every own key. zod's record drops a key called `__proto__`
 * (assigned to a plain object it would set the prototype), yet a user may name a species
 * category so, and JSON carries it as a key like any other. The output is built with
 * `Object.fromEntries`, which defines own keys, so `__proto__` stays a key. Issues are zod's
 * record's: the same codes, paths and messages.
 *
 * Key and value schemas are parsed in both directions (zod's encode too), so give it schemas
 * without one-way transforms.
 */
export function ownKeyRecord<K extends z.ZodType<string, string>, V extends z.ZodType>(
  keySchema: K,
  valueSchema: V,
) {
  type Output = Record<z.output<K>, z.output<V>>;
  const anything = z.custom<Output>();
  const schema = anything.check((payload) => {
    const input: unknown = payload.value;
    if (!isPlainObject(input)) {
      payload.issues.push({ code: 'invalid_type', expected: 'record', input, continue: false });
      return;
    }
    const entries: [string, unknown][] = [];
    for (const [rawKey, rawValue] of Object.entries(input)) {
      const key = keySchema.safeParse(rawKey);
      if (!key.success) {
        const issues = key.error.issues;
        payload.issues.push({
          code: 'invalid_key',
          origin: 'record',
          issues,
          input: rawKey,
          path: [rawKey],
        });
        continue;
      }
      const value = valueSchema.safeParse(rawValue);
      if (value.success) entries.push([key.data, value.data]);
      for (const issue of value.error?.issues ?? [])
        payload.issues.push({ ...issue, path: [rawKey, ...issue.path] } as z.core.$ZodRawIssue);
    }
    payload.value = Object.fromEntries(entries) as Output;
  });
  // JSON Schema (the API docs) describes it as the record it stands for, not as "anything":
  // both the schema and the one it was made from (which JSON Schema also visits).
  const record = z.record(keySchema, valueSchema);
  for (const made of [anything, schema])
    made._zod.processJSONSchema = (...args) => record._zod.processJSONSchema?.(...args);
  return schema;
}
