/** One ended session: ID tokens naming it are refused until expiresAt (ms since the epoch). */
export interface SessionRevocation {
  sessionId: string;
  expiresAt: number;
}

export type RevocationListener = (revocations: SessionRevocation[]) => void;

/**
 * Carries revocations to every server. One server needs nothing more than the in-process
 * broadcaster below; several servers share a Redis or PostgreSQL (LISTEN/NOTIFY) one with the
 * same two methods. A publisher also hears its own messages, so adding must be idempotent.
 */
export interface RevocationBroadcaster {
  publish(revocations: SessionRevocation[]): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: RevocationListener): () => void;
}

/** Delivers synchronously to the listeners of this process: a revocation holds at once. */
export function createInProcessBroadcaster(): RevocationBroadcaster {
  const listeners = new Set<RevocationListener>();
  return {
    publish(revocations) {
      for (const listener of [...listeners]) listener(revocations);
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
