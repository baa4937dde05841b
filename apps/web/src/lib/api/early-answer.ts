/**
 * A GET sent as the app starts, before the code that needs its answer has asked
 * (docs/behaviour.md#page-loading): the start-up's round trips then overlap instead of running
 * one after the other. Only a 2xx answer is kept, and it is handed out once; anything else
 * (no response, a waking server's error) is forgotten, and the owner asks the server itself
 * when its time comes, exactly as if nothing had been sent early.
 */
interface Sent {
  answer: Promise<Response | null>;
  /** The Authorization header it went with: an answer is only handed to a request of the same user. */
  authorization: string | null;
  sentAt: number;
}

/**
 * An early answer is for the start-up: one nobody took within this time is not handed out
 * (what the server holds may have changed since), and whoever asks then asks the server.
 */
export const EARLY_ANSWER_MS = 30_000;

const sent = new Map<string, Sent>();

export function sendEarly(url: string, init: RequestInit = {}): Promise<boolean> {
  let entry = sent.get(url);
  if (!entry) {
    entry = {
      answer: fetch(url, { ...init, method: 'GET' }).then(
        (response) => (response.ok ? response : null),
        () => null,
      ),
      authorization: new Headers(init.headers).get('authorization'),
      sentAt: Date.now(),
    };
    sent.set(url, entry);
  }
  return entry.answer.then((response) => response !== null);
}

/**
 * The early answer for `url`, once only: a promise of it (null if it is no 2xx answer), or null
 * at once when nothing was sent (or it went with another Authorization header, or too long
 * ago), so that the usual path takes no extra turn.
 */
export function takeEarly(
  url: string,
  authorization: string | null = null,
): Promise<Response | null> | null {
  const entry = sent.get(url);
  if (!entry) return null;
  sent.delete(url);
  if (entry.authorization !== authorization) return null;
  if (Date.now() - entry.sentAt > EARLY_ANSWER_MS) return null;
  return entry.answer;
}

/** Tests only. */
export function forgetEarlyAnswers(): void {
  sent.clear();
}
