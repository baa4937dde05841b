// The reference for writes: plain node:http that, for every POST, parses the JSON body, inserts
// one row shaped like a location with the server's driver (one prepared statement, no
// transaction around it) and answers the recorded bytes of one real create. The gap to the app
// is everything else: routing, authentication, validation, the transaction and the answer read
// back. Its table is its own, in a database of its own (a SQLite file, a PostgreSQL schema), so
// the two never wait for each other's locks.
// Usage: PORT=… (DATABASE_URL=postgres://… | SQLITE_FILE=…) node bare-writes.mjs <answer.json>
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answer = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(answer.body, 'base64');
const table = `create table if not exists locations (
  id text primary key, user_id text not null, name text not null, description text,
  lat double precision not null, lng double precision not null, details text not null,
  favorite integer not null default 0, created_at text not null, updated_at text not null)`;
const index = 'create index if not exists locations_user_idx on locations (user_id)';
const columns =
  'id, user_id, name, description, lat, lng, details, favorite, created_at, updated_at';

/** insert(values) for the database named by the environment, as the server connects to it. */
async function connect() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    await pool.query(table);
    await pool.query(index);
    const text = `insert into locations (${columns}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;
    return (values) => pool.query({ name: 'insert-location', text, values });
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(process.env.SQLITE_FILE);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(table);
  db.exec(index);
  const statement = db.prepare(
    `insert into locations (${columns}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return async (values) => statement.run(values);
}

const insert = await connect();
createServer((request, response) => {
  // The health check of startUntilHealthy.
  if (request.method !== 'POST') {
    request.resume();
    response.end('{"status":"ok"}');
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const now = new Date().toISOString();
    const { name, position, description = null, favorite, ...details } = input;
    insert([
      randomUUID(),
      'reference-user',
      name,
      description,
      position.lat,
      position.lng,
      JSON.stringify(details),
      favorite ? 1 : 0,
      now,
      now,
    ]).then(
      () => {
        response.writeHead(answer.status, answer.headers);
        response.end(body);
      },
      (error) => {
        response.writeHead(500);
        response.end(String(error));
      },
    );
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
