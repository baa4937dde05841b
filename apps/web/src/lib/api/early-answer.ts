import { API_TIMEOUT_MS, deadlineIn, type Deadline } from './request-deadline.ts';
import { serverReachability } from './server-reachability.ts';

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
  controller: AbortController;
  /** Its own 30 s, until a request with a deadline of its own takes it. */
  deadline: Deadline;
}

/**
 * An early answer is for the start-up: one nobody took within this time is not handed out
 * (what the server holds may have changed since), and whoever asks then asks the server. It is
 * also the early request's own time-out, as for every other request.
 */
export const EARLY_ANSWER_MS = API_TIMEOUT_MS;

const sent = new Map<string, Sent>();

function send(url: string, init: RequestInit): Sent {
  const controller = new AbortController();
  const deadline = deadlineIn(EARLY_ANSWER_MS);
  deadline.signal.addEventListener('abort', () => controller.abort(deadline.signal.reason));
  const answer = fetch(url, { ...init, method: 'GET', signal: controller.signal }).then(
    (response) => {
      serverReachability.noteAnswer();
      if (response.ok) return response;
      deadline.clear();
      return null;
    },
    () => {
      deadline.clear();
      serverReachability.noteNoAnswer();
      return null;
    },
  );
  const authorization = new Headers(init.headers).get('authorization');
  return { answer, authorization, sentAt: Date.now(), controller, deadline };
}

export function sendEarly(url: string, init: RequestInit = {}): Promise<boolean> {
  let entry = sent.get(url);
  if (!entry) {
    entry = send(url, init);
    sent.set(url, entry);
  }
  return entry.answer.then((response) => response !== null);
}

/** The early request for `url`, once only, when it went with this Authorization header and not too long ago. */
function take(url: string, authorization: string | null): Sent | null {
  const entry = sent.get(url);
  if (!entry) return null;
  sent.delete(url);
  if (entry.authorization !== authorization) return null;
  if (Date.now() - entry.sentAt > EARLY_ANSWER_MS) return null;
  return entry;
}

/** Only a plain GET takes an early answer: the early request was sent without a body or conditions. */
function plainGet(init: RequestInit): boolean {
  const method = (init.method ?? 'GET').toUpperCase();
  return method === 'GET' && !new Headers(init.headers).has('if-none-match');
}

/**
 * `fetch(url, init)`, answered by the same GET when the start-up sent it early with the same
 * Authorization header (app/start-up.ts). The caller's signal ends it either way: from the
 * moment it is taken, the early request is aborted with that signal (the answer's body
 * included), so it has the caller's 30 s like any other request. An early request that got no
 * 2xx is asked again here.
 */
export async function fetchOrEarly(url: string, init: RequestInit = {}): Promise<Response> {
  const entry = plainGet(init) ? take(url, new Headers(init.headers).get('authorization')) : null;
  if (entry) {
    const { signal } = init;
    if (signal) {
      entry.deadline.clear();
      const abort = () => entry.controller.abort(signal.reason);
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    }
    const answer = await entry.answer;
    if (answer) return answer;
    signal?.throwIfAborted();
  }
  return fetch(url, init);
}

/** Tests only. */
export function forgetEarlyAnswers(): void {
  for (const entry of sent.values()) entry.deadline.clear();
  sent.clear();
}
