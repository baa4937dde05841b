// Test data for the web bench, made through the API as the app's own client would.

export interface BenchUser {
  email: string;
  /** The session cookie(s) as a Cookie header: what a signed-in browser sends. */
  cookie: string;
  /** An ID token for the API (Authorization: Bearer). */
  idToken: string;
}

export interface SpotPosition {
  lat: number;
  lng: number;
}

const categories = ['mushrooms', 'berries', 'herbs', 'nuts'];

/**
 * `count` spots spread over a region the size of southern Scandinavia, on a jittered grid, so
 * they cluster at the zoom that shows them all and spread out when zoomed in.
 */
export function spotPositions(count: number): SpotPosition[] {
  const side = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / side);
    const column = i % side;
    // A fixed pseudo-random jitter: the same places in every run.
    const jitter = (Math.sin(i * 12.9898) * 43_758.5453) % 1;
    return {
      lat: 55 + (row / side) * 6 + jitter * 0.02,
      lng: 9 + (column / side) * 10 + jitter * 0.03,
    };
  });
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** The session cookie and an ID token of an answer that signed someone in. */
async function sessionOf(baseUrl: string, email: string, answer: Response): Promise<BenchUser> {
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const token = await expectOk(
    await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie } }),
    'GET /api/auth/token',
  );
  const { token: idToken } = (await token.json()) as { token: string };
  return { email, cookie, idToken };
}

const password = 'chanterelle-42';

/** A new account (sign-up with the page's origin, as the browser sends it), tutorial turned off. */
export async function signUpBenchUser(baseUrl: string, label: string): Promise<BenchUser> {
  const email = `bench-${label}-${Date.now().toString(36)}@example.com`;
  const signUp = await expectOk(
    await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password, name: 'Bench' }),
    }),
    'sign-up',
  );
  const user = await sessionOf(baseUrl, email, signUp);
  // A returning user: the first-visit tutorial would cover the map.
  await expectOk(
    await api(baseUrl, user, 'PUT', '/preferences/tutorial', { show: false }),
    'PUT /preferences/tutorial',
  );
  return user;
}

/** The same account signed in again (a server started again on another port, say). */
export async function signInBenchUser(baseUrl: string, email: string): Promise<BenchUser> {
  const signIn = await expectOk(
    await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password }),
    }),
    'sign-in',
  );
  return sessionOf(baseUrl, email, signIn);
}

export function api(baseUrl: string, user: BenchUser, method: string, path: string, body: unknown) {
  return fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.idToken}` },
    body: JSON.stringify(body),
  });
}

/**
 * Creates one spot per position (with `entriesEach` entries), `parallel` requests at a time.
 * Answers the number of spots created.
 */
export async function seedSpots(
  baseUrl: string,
  user: BenchUser,
  positions: readonly SpotPosition[],
  { entriesEach = 0, parallel = 20 } = {},
): Promise<number> {
  let next = 0;
  async function worker() {
    while (next < positions.length) {
      const i = next++;
      const created = await expectOk(
        await api(baseUrl, user, 'POST', '/locations', {
          name: `Spot ${String(i).padStart(5, '0')}`,
          position: positions[i],
          categories: [categories[i % categories.length]],
          species: ['chanterelle'],
        }),
        'POST /locations',
      );
      const { id } = (await created.json()) as { id: string };
      for (let e = 0; e < entriesEach; e++)
        await expectOk(
          await api(baseUrl, user, 'POST', `/locations/${id}/entries`, {
            date: `2025-0${1 + (e % 9)}-1${e % 10}`,
            species: ['chanterelle'],
            abundance: 1 + (e % 5),
            notes: 'By the mossy stump, under the birches.',
          }),
          'POST /entries',
        );
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  return positions.length;
}
