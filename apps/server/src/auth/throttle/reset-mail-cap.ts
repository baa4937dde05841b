import { createHash } from 'node:crypto';
import type { ThrottleStore } from './throttle-store.ts';

export const resetMailRules = { maxMails: 3, windowMs: 60 * 60_000 };

export interface ResetMailCap {
  /** True, and counted, when one more reset mail may go to this recipient now. */
  allow(email: string): Promise<boolean>;
}

const keyOf = (email: string) =>
  `reset-mail:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** At most 3 reset mails per recipient in any hour, so nobody can flood an inbox through us. */
export function createResetMailCap(
  store: ThrottleStore,
  now: () => number = () => Date.now(),
): ResetMailCap {
  return {
    async allow(email) {
      let allowed = false;
      await store.update<number[]>(
        keyOf(email),
        (sent = []) => {
          const at = now();
          const recent = sent.filter((time) => at - time < resetMailRules.windowMs);
          allowed = recent.length < resetMailRules.maxMails;
          return allowed ? [...recent, at] : recent;
        },
        resetMailRules.windowMs,
      );
      return allowed;
    },
  };
}
