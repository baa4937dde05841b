import { preferencesSchema } from '@fj/contract/preferences';
import { z } from 'zod';
import type { AnswerVersion } from '../../fast-reads/front-read.ts';
import { etagOf } from '../../lib/conditional.ts';

/** Every preferences answer: `{ data: Preferences }`. */
export const preferencesAnswerSchema = z.object({ data: preferencesSchema });

/** What GET /preferences is made from: the revision of the record's last change. */
export const preferencesVersion = (
  userId: string,
  revision: number,
): AnswerVersion<readonly [revision: number]> => ({ userId, parts: [revision] });

/**
 * GET /preferences' ETag (docs/behaviour.md#conditional-reads): the route and the answers
 * written before Fastify (fast-reads/) make it here.
 */
export const preferencesEtag = ({ userId, parts }: AnswerVersion): string =>
  etagOf('p', userId, parts);
