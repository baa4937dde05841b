import { preferencesSchema } from '@fj/contract/preferences';
import { z } from 'zod';
import { etagOf } from '../../lib/conditional.ts';

/** Every preferences answer: `{ data: Preferences }`. */
export const preferencesAnswerSchema = z.object({ data: preferencesSchema });

/**
 * GET /preferences' ETag, named by the revision of the record's last change
 * (docs/behaviour.md#conditional-reads): the route and the answers written before Fastify
 * (fast-reads/) make it here.
 */
export const preferencesEtag = (userId: string, revision: number): string =>
  etagOf('p', userId, [revision]);
