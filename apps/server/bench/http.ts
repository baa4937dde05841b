// What the throughput sections share: accounts made over HTTP, and one real answer recorded for
// a bare reference server to send back.
import { request } from 'node:http';

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  /** base64 */
  body: string;
}

/** Headers node:http writes by itself (or that describe this connection, not the answer). */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One request's answer, as bare-server.mjs and bare-writes.mjs send it again. */
export function recordAnswer(
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string },
): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined && !perConnection.has(name)) kept[name] = value;
        resolve({
          status: response.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end(options.body);
  });
}

let accounts = 0;

/** A new account, signed in: its ID token (valid for an hour) and its user id. */
export async function signUp(baseUrl: string): Promise<{ idToken: string; userId: string }> {
  const email = `bench-${Date.now()}-${accounts++}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'chanterelle', name: 'bench' }),
  });
  const session = signUp.headers.get('set-auth-token');
  if (!signUp.ok || !session) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const { user } = (await signUp.json()) as { user: { id: string } };
  const token = await fetch(`${baseUrl}/api/auth/token`, {
    headers: { authorization: `Bearer ${session}` },
  });
  if (!token.ok) throw new Error(`token: ${token.status}`);
  return { idToken: ((await token.json()) as { token: string }).token, userId: user.id };
}
