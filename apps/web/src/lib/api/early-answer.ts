/**
 * A GET sent as the app starts, before the code that needs its answer has asked
 * (docs/behaviour.md#page-loading): the start-up's round trips then overlap instead of running
 * one after the other. Only a 2xx answer is kept, and it is handed out once; anything else
 * (no response, a waking server's error) is forgotten, and the owner asks the server itself
 * when its time comes, exactly as if nothing had been sent early.
 */
const sent = new Map<string, Promise<Response | null>>();

export function sendEarly(url: string, init: RequestInit = {}): Promise<boolean> {
  let answer = sent.get(url);
  if (!answer) {
    answer = fetch(url, { ...init, method: 'GET' }).then(
      (response) => (response.ok ? response : null),
      () => null,
    );
    sent.set(url, answer);
  }
  return answer.then((response) => response !== null);
}

/**
 * The early answer for `url`, once only: a promise of it (null if it is no 2xx answer), or null
 * at once when nothing was sent, so that the usual path takes no extra turn.
 */
export function takeEarly(url: string): Promise<Response | null> | null {
  const answer = sent.get(url);
  if (!answer) return null;
  sent.delete(url);
  return answer;
}

/** Tests only. */
export function forgetEarlyAnswers(): void {
  sent.clear();
}
