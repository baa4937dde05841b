import { describe, expect, it } from 'vitest';
import { createPreferencesSchema, preferencesSchema } from '../src/preferences.ts';
import { ownKeyRecord, z } from '../src/zod.ts';

/** An object with `__proto__` as an own key, as JSON.parse makes it. */
const withProtoKey = (list: string[]) =>
  JSON.parse(`{"__proto__":${JSON.stringify(list)},"constructor":["b"]}`) as Record<
    string,
    string[]
  >;

describe('ownKeyRecord', () => {
  const schema = ownKeyRecord(z.string().trim().min(1), z.array(z.string().min(1)));

  it('keeps every own key, __proto__ included, and leaves the prototype alone', () => {
    const out = schema.parse(withProtoKey(['a']));
    expect(Object.entries(out)).toEqual([
      ['__proto__', ['a']],
      ['constructor', ['b']],
    ]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
    expect(Object.entries(structuredClone(out))).toEqual(Object.entries(out));
  });

  it('encodes (as answers are checked) without losing __proto__', () => {
    expect(Object.keys(z.encode(schema, withProtoKey(['a'])))).toEqual([
      '__proto__',
      'constructor',
    ]);
  });

  it('gives the output of the key and value schemas', () => {
    expect(schema.parse({ ' a ': ['x'] })).toEqual({ a: ['x'] });
  });

  it("reports bad input with z.record's codes, paths and messages", () => {
    const record = z.record(z.string().trim().min(1), z.array(z.string().min(1)));
    for (const input of [[], 'x', null, { ' ': ['a'] }, { a: [''] }, { a: 'x', b: [1] }]) {
      const mine = schema.safeParse(input);
      const zods = record.safeParse(input);
      expect(mine.success).toBe(false);
      expect(mine.error?.issues).toEqual(zods.error?.issues);
    }
  });

  it("is described in JSON Schema (the API docs) as z.record's", () => {
    const record = z.record(z.string().trim().min(1), z.array(z.string().min(1)));
    for (const io of ['input', 'output'] as const)
      expect(z.toJSONSchema(schema, { io })).toEqual(z.toJSONSchema(record, { io }));
  });

  it('and for __proto__ too, which z.record would not have looked at', () => {
    const issues = schema.safeParse(withProtoKey([''])).error?.issues;
    expect(issues?.map((issue) => issue.path)).toEqual([['__proto__', 0]]);
  });
});

describe('the preferences schemas keep a __proto__ category', () => {
  it('in a new record and in an answer', () => {
    const created = createPreferencesSchema.parse({
      id: 'u1',
      customSpeciesCategories: ['__proto__', 'constructor'],
      customSpecies: withProtoKey(['wood ear']),
    });
    expect(Object.keys(created.customSpecies)).toEqual(['__proto__', 'constructor']);
    const answer = { ...created, showTutorial: true };
    expect(Object.keys(z.encode(preferencesSchema, answer).customSpecies)).toEqual([
      '__proto__',
      'constructor',
    ]);
  });
});
