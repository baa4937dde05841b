import type { SharedRedis } from '../../plugins/redis.ts';
import type {
  RevocationBroadcaster,
  RevocationListener,
  SessionRevocation,
} from './broadcaster.ts';

/** Accepts only what a server of ours publishes: a list of { sessionId, expiresAt }. */
function parseRevocations(message: string): SessionRevocation[] {
  try {
    const value: unknown = JSON.parse(message);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is SessionRevocation =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as SessionRevocation).sessionId === 'string' &&
        typeof (item as SessionRevocation).expiresAt === 'number',
    );
  } catch {
    return [];
  }
}

/**
 * Revocations over a Redis channel: every server hears a sign-out on any other within the time a
 * message takes. Listeners on this server hear it at once, before Redis does, so the server that
 * signed out refuses the token even while Redis is down or hung; the others read the
 * revoked_sessions table every second meanwhile and once more when it answers again
 * (SessionRevocations.reload, plugins/auth.ts), and the message is sent again then.
 */
export function createRedisBroadcaster(redis: SharedRedis): RevocationBroadcaster {
  const channel = redis.name('revocations');
  const local = new Set<RevocationListener>();
  let unsubscribe: (() => void) | undefined;
  return {
    async publish(revocations) {
      for (const listener of [...local]) listener(revocations);
      await redis.publish(channel, JSON.stringify(revocations));
    },
    subscribe(listener) {
      local.add(listener);
      unsubscribe ??= redis.subscribe(channel, (message) => {
        const revocations = parseRevocations(message);
        if (revocations.length === 0) return;
        for (const each of [...local]) each(revocations);
      });
      return () => void local.delete(listener);
    },
  };
}
