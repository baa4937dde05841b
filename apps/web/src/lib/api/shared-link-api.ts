import {
  sharedLinkSchema,
  shareSessionAnswerSchema,
  type SharedLocation,
  type SharePrecision,
} from '@fj/contract/sharing';
import type { AnswerSchema } from '../answer-schema.ts';
import { getApiBaseUrl } from './api-base.ts';
import { ApiError, apiErrorFrom, NETWORK_CODE, parseAnswer, TIMEOUT_CODE } from './api-error.ts';
import { parseBody } from './parse-body.ts';
import { deadlineIn } from './request-deadline.ts';

/** What a share link shows (docs/behaviour.md#sharing). */
export interface SharedLinkView {
  credential: string;
  from: { name: string };
  precision: SharePrecision;
  expiresAt: string;
  locations: SharedLocation[];
}

/**
 * One request of a link's viewer, who has no account: not through `api.authorized` (no ID
 * token, no sign-in redirect), but with its deadline and the one error shape.
 */
async function send(path: string, init: RequestInit): Promise<Response> {
  const deadline = deadlineIn();
  try {
    return await fetch(`${getApiBaseUrl()}${path}`, {
      ...init,
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal: deadline.signal,
    });
  } catch {
    throw deadline.passed()
      ? new ApiError(0, TIMEOUT_CODE, 'The server did not answer in time')
      : new ApiError(0, NETWORK_CODE, 'The server could not be reached');
  } finally {
    deadline.clear();
  }
}

async function readJson<T>(response: Response, schema: AnswerSchema<T>): Promise<T> {
  const body = parseBody(await response.text());
  if (!response.ok) throw apiErrorFrom(response.status, body);
  return parseAnswer(response.status, body, schema);
}

/** The link's token for a 15-minute credential, then what the share shows. */
export async function openSharedLink(token: string): Promise<SharedLinkView> {
  const session = await send('/share-sessions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const { credential } = (await readJson(session, shareSessionAnswerSchema)).data;
  const view = await send('/shared/link', { headers: { authorization: `Bearer ${credential}` } });
  return { credential, ...(await readJson(view, sharedLinkSchema)).data };
}

/** A shared photo as an object URL (an <img> cannot send the credential); revoke it when done. */
export async function sharedLinkPhoto(credential: string, photoId: string): Promise<string> {
  const response = await send(`/shared/link/photos/${encodeURIComponent(photoId)}`, {
    headers: { authorization: `Bearer ${credential}` },
  });
  if (!response.ok) throw apiErrorFrom(response.status, parseBody(await response.text()));
  return URL.createObjectURL(await response.blob());
}
