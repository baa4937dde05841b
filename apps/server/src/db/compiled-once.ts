import { isDeepStrictEqual } from 'node:util';
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Executor } from './executor.ts';

/** What a query is built with instead of its values: a string no value looks like. */
const markerPrefix = '\u0000fj-value\u0000';

/** Where a compiled parameter comes from: argument `arg` (or its member `key`), or a constant. */
type Slot = { arg: number; key?: string } | { constant: unknown };

/** How an argument is marked: one value, an array (never one value), or a row's defined members. */
type Shape = 'value' | 'array' | string[];

interface Compiled<O> {
  /** Undefined when the SQL depends on the values (allowed in production only): built each call. */
  query?: CompiledQuery<O>;
  slots: Slot[];
  shapes: Shape[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The members Kysely writes: one whose value is undefined is left out of `values` and `set`. */
const definedKeys = (row: Record<string, unknown>) =>
  Object.keys(row).filter((key) => row[key] !== undefined);

const shapeOf = (arg: unknown): Shape =>
  Array.isArray(arg) ? 'array' : isRecord(arg) ? definedKeys(arg) : 'value';

/**
 * The arguments with markers in place of their values, for marker set `set` (0 or 1), and the
 * slot each marker stands for. The two sets differ in every marker, and an array gets as many
 * markers as its set's number plus one: a query shaped by an array (`in (…)`) or by a value
 * (a branch, a length) then compiles to a different text or different constants with each set.
 */
function markersFor(shapes: Shape[], set: number) {
  const slots = new Map<string, Slot>();
  const marker = (slot: { arg: number; key?: string }) => {
    const text = `${markerPrefix}${set}\u0000${slot.arg}\u0000${slot.key ?? ''}`;
    slots.set(text, slot);
    return text;
  };
  // Array elements are not slots: a query that uses them is refused.
  const arrayOf = (path: string) =>
    Array.from({ length: set + 1 }, (_, i) => `${markerPrefix}${set}\u0000${path}[${i}]`);
  const args = shapes.map((shape, arg) => {
    if (shape === 'value') return marker({ arg });
    if (shape === 'array') return arrayOf(String(arg));
    return Object.fromEntries(shape.map((key) => [key, marker({ arg, key })]));
  });
  return { args, slots };
}

/** Why the two compiled queries differ, or undefined when they are the same query. */
function difference(
  first: { query: CompiledQuery; slots: Slot[] },
  second: { query: CompiledQuery; slots: Slot[] },
): string | undefined {
  if (first.query.sql !== second.query.sql) return 'its SQL text depends on the values';
  if (first.slots.length !== second.slots.length) return 'its parameters depend on the values';
  for (const [index, slot] of first.slots.entries()) {
    if (!isDeepStrictEqual(slot, second.slots[index]))
      return `parameter ${index + 1} is computed from the values or is an array`;
  }
  return undefined;
}

/**
 * A query that Kysely builds and compiles once per kind of database, then runs with each call's
 * values: building and compiling took a good part of a write's time, and the hot queries of a
 * create are the same text every time.
 *
 * `build` is called with markers in place of the values: each argument, or, for a plain object
 * (a row), each of its defined members. So it must use its arguments only as values (in `where`,
 * `values`, `set`), never to shape the query; an array (`in (…)`) shapes it. It is built with two
 * different marker sets, and when the two compile differently it throws outside production
 * (NODE_ENV is not `production`), where a test meets it first; in production that query is built
 * afresh at each call, so it still runs right. A row with other members than the one compiled is
 * built afresh.
 */
export function compiledOnce<Args extends unknown[], O>(
  build: (db: Executor, ...args: Args) => Compilable<O>,
): (db: Executor, ...args: Args) => Promise<QueryResult<O>> {
  // Keyed by the dialect's adapter class: the SQL differs by dialect, not by connection.
  const byDialect = new WeakMap<object, Compiled<O>>();

  function compileWith(db: Executor, shapes: Shape[], set: number) {
    const markers = markersFor(shapes, set);
    const query = build(db, ...(markers.args as Args)).compile();
    const slots = query.parameters.map(
      (value): Slot =>
        (typeof value === 'string' && markers.slots.get(value)) || { constant: value },
    );
    return { query, slots };
  }

  function compile(db: Executor, args: Args): Compiled<O> {
    const shapes = args.map(shapeOf);
    const first = compileWith(db, shapes, 0);
    const why = difference(first, compileWith(db, shapes, 1));
    if (why === undefined) return { ...first, shapes };
    if (process.env.NODE_ENV !== 'production') {
      throw new Error(
        `compiledOnce: ${why}, so one compiled text cannot serve every call (an array in ` +
          '`in (…)`, or a value used to shape the query): build this query with Kysely at each call.',
      );
    }
    return { slots: [], shapes };
  }

  const sameShapes = (compiled: Compiled<O>, args: Args) =>
    compiled.shapes.every((shape, index) => {
      const arg = args[index];
      if (shape === 'value') return !isRecord(arg) && !Array.isArray(arg);
      if (shape === 'array') return false;
      return (
        isRecord(arg) &&
        definedKeys(arg).length === shape.length &&
        shape.every((key) => arg[key] !== undefined)
      );
    });

  return (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      try {
        compiled = compile(db, args);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      byDialect.set(dialect, compiled);
    }
    const { query } = compiled;
    if (!query || !sameShapes(compiled, args)) return db.executeQuery(build(db, ...args));
    const parameters = compiled.slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const arg = args[slot.arg];
      return slot.key === undefined ? arg : (arg as Record<string, unknown>)[slot.key];
    });
    return db.executeQuery<O>({ ...query, parameters });
  };
}

/**
 * compiledOnce for a query of a list of rows (a multi-row insert): one compiled query per
 * number of rows, each row an argument. Callers send lists of a few lengths only (powers of
 * two, as inList and the index's slices do), so there are few.
 */
export function compiledRows<Row, O>(
  build: (db: Executor, rows: Row[]) => Compilable<O>,
): (db: Executor, rows: readonly Row[]) => Promise<QueryResult<O>> {
  const byLength = new Map<number, (db: Executor, ...rows: Row[]) => Promise<QueryResult<O>>>();
  return (db, rows) => {
    let run = byLength.get(rows.length);
    if (!run) {
      run = compiledOnce((executor: Executor, ...each: Row[]) => build(executor, each));
      byLength.set(rows.length, run);
    }
    return run(db, ...rows);
  };
}
