// A failed sign-in for an unknown address must take about as long as one for a real account,
// or the timing tells which addresses have accounts. The known address is the reference.
import { databaseKinds } from '../test/helpers/databases.ts';
import { createTestApp } from '../test/helpers/test-app.ts';
import { timeRuns, type Figure } from './measure.ts';

export async function signInTimingFigures(): Promise<Figure[]> {
  const [kind] = databaseKinds;
  if (!kind) return [];
  const t = await createTestApp(kind);
  try {
    const user = await t.signUp();
    let n = 0;
    // Four guesses per address, then a fresh one: the per-account throttle stays out of it.
    const failOnce = (email: () => string) =>
      timeRuns(40, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: `198.18.0.${(n++ % 200) + 1}`,
          payload: { email: email(), password: 'wrong-guess' },
        }),
      );
    let known = 0;
    const accounts = [user.email];
    for (let i = 0; i < 10; i++) accounts.push((await t.signUp()).email);
    const knownRuns = await failOnce(() => accounts[Math.floor(known++ / 4)] ?? user.email);
    const unknownRuns = await failOnce(() => `nobody-${Math.floor(n / 4)}@example.com`);
    console.log(
      `ref  failed sign-in, known address p50 ${knownRuns.median.toFixed(1)} ms (target below: +25 %)`,
    );
    return [
      {
        name: 'failed sign-in, unknown address p50',
        value: unknownRuns.median,
        unit: 'ms',
        target: Math.round(knownRuns.median * 1.25 * 10) / 10,
      },
    ];
  } finally {
    await t.close();
  }
}
