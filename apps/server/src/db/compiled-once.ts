import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Executor } from './executor.ts';

/** What a query is built with instead of its values: a string no value looks like. */
const markerPrefix = '\u0000fj-value\u0000';
const marker = (path: string) => `${markerPrefix}${path}`;

/** Where a compiled parameter comes from: argument `arg` (or its member `key`), or a constant. */
type Slot = { arg: number; key?: string } | { constant: unknown };

interface Compiled<O> {
  query: CompiledQuery<O>;
  slots: Slot[];
  /** The members each object argument had when compiled: others must be built afresh. */
  keys: (string[] | undefined)[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The members Kysely writes: one whose value is undefined is left out of `values` and `set`. */
const definedKeys = (row: Record<string, unknown>) =>
  Object.keys(row).filter((key) => row[key] !== undefined);

/**
 * A query that Kysely builds and compiles once per kind of database, then runs with each call's
 * values: building and compiling took a good part of a write's time, and the hot
 * queries of a create are the same text every time.
 *
 * `build` is called once with markers in place of the values: each argument, or, for a plain
 * object (a row), each of its defined members. So it must use its arguments only as values (in
 * `where`, `values`, `set`), never to shape the query. A row with other members than the one
 * compiled is built afresh.
 */
export function compiledOnce<Args extends unknown[], O>(
  build: (db: Executor, ...args: Args) => Compilable<O>,
): (db: Executor, ...args: Args) => Promise<QueryResult<O>> {
  // Keyed by the dialect's adapter class: the SQL differs by dialect, not by connection.
  const byDialect = new WeakMap<object, Compiled<O>>();

  function compile(db: Executor, args: Args): Compiled<O> {
    const keys = args.map((arg) => (isRecord(arg) ? definedKeys(arg) : undefined));
    const markers = args.map((arg, index) => {
      const members = keys[index];
      return members
        ? Object.fromEntries(members.map((key) => [key, marker(`${index}.${key}`)]))
        : marker(String(index));
    }) as Args;
    const query = build(db, ...markers).compile();
    const slots = query.parameters.map((value): Slot => {
      if (typeof value !== 'string' || !value.startsWith(markerPrefix)) return { constant: value };
      const [arg, key] = value.slice(markerPrefix.length).split('.');
      return { arg: Number(arg), ...(key === undefined ? {} : { key }) };
    });
    return { query, slots, keys };
  }

  const sameMembers = (compiled: Compiled<O>, args: Args) =>
    compiled.keys.every((keys, index) => {
      const arg = args[index];
      if (keys === undefined) return !isRecord(arg);
      return (
        isRecord(arg) &&
        definedKeys(arg).length === keys.length &&
        keys.every((key) => arg[key] !== undefined)
      );
    });

  return (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      compiled = compile(db, args);
      byDialect.set(dialect, compiled);
    }
    if (!sameMembers(compiled, args)) return db.executeQuery(build(db, ...args));
    const parameters = compiled.slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const arg = args[slot.arg];
      return slot.key === undefined ? arg : (arg as Record<string, unknown>)[slot.key];
    });
    return db.executeQuery<O>({ ...compiled.query, parameters });
  };
}
