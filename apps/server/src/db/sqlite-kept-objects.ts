/**
 * Every better-sqlite3 object the server makes (a database, a statement, a backup) is held here
 * until the process exits, never left to the garbage collector.
 *
 * Why: better-sqlite3 12 builds its objects on node::ObjectWrap, and from Node 24.19 on that
 * class unregisters an environment clean-up hook in its destructor, which aborts the whole
 * process ("RemoveEnvironmentCleanupHook … Assertion failed: (env) != nullptr" in
 * `Statement::~Statement`) when the collector finalises one while no Node context is current.
 * The built server died that way seconds after every start on Node 24. Objects still alive at
 * exit are freed by Node's own clean-up, with the environment in place. better-sqlite3 13
 * avoids it but needs Node 22.
 *
 * What that costs: one statement per SQL text (statement-cache.ts never evicts), and the
 * objects of a closed database, which hold no SQLite memory once it is closed.
 */
const keptUntilExit = new Set<object>();

export function keepUntilExit<T extends object>(object: T): T {
  keptUntilExit.add(object);
  return object;
}

/** What runPragma needs of a better-sqlite3 database. */
interface Preparer {
  prepare(sql: string): { readonly reader: boolean; all(): unknown[]; run(): unknown };
}

/**
 * `database.pragma(source)`, with its statement kept: better-sqlite3's own `pragma()` prepares
 * a statement that is garbage as soon as it has run.
 */
export function runPragma(database: Preparer, source: string): unknown[] {
  const statement = keepUntilExit(database.prepare(`PRAGMA ${source}`));
  if (statement.reader) return statement.all();
  statement.run();
  return [];
}
