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

/** An ID token (valid for an hour) for the session a sign-in or sign-up answered. */
export async function idTokenOf(baseUrl: string, answer: Response): Promise<string> {
  const session = answer.headers.get('set-auth-token');
  if (!answer.ok || !session)
    throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  const token = await fetch(`${baseUrl}/api/auth/token`, {
    headers: { authorization: `Bearer ${session}` },
  });
  if (!token.ok) throw new Error(`token: ${token.status}`);
  return ((await token.json()) as { token: string }).token;
}

/** An account made by signUp, signed in again (on a server started anew, at another address). */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'chanterelle' }),
  });
  return idTokenOf(baseUrl, answer);
}

/** A new account, signed in: its ID token (valid for an hour), its user id and address. */
export async function signUp(
  baseUrl: string,
): Promise<{ idToken: string; userId: string; email: string }> {
  const email = `bench-${Date.now()}-${accounts++}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'chanterelle', name: 'bench' }),
  });
  const idToken = await idTokenOf(baseUrl, signUp.clone());
  const { user } = (await signUp.json()) as { user: { id: string } };
  return { idToken, userId: user.id, email };
}
