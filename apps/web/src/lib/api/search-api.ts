import { locationListReading } from '@fj/contract/location-reading';
import { searchAnswerSchema, type SearchAnswer } from '@fj/contract/search-answer';
import type { AnswerSchema } from '../answer-schema.ts';
import { api } from './api-client.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * GET /search's answer read by hand where it can be: its locations are whole locations, read as
 * GET /locations' are (location-reading.ts), since zod takes long over a thousand of them. Any
 * answer that reading refuses goes through the schema, which says what is wrong.
 */
export const searchAnswerReading: AnswerSchema<SearchAnswer> = {
  safeParse(input) {
    const total = isRecord(input) ? input.total : undefined;
    const items = isRecord(input) && Array.isArray(input.data) ? input.data : null;
    const fits =
      items !== null &&
      typeof total === 'number' &&
      Number.isInteger(total) &&
      total >= 0 &&
      items.every((item) => isRecord(item) && isTextList(item.entryIds));
    if (!fits) return searchAnswerSchema.safeParse(input);
    const list = items as { location: unknown; entryIds: string[] }[];
    const read = locationListReading.safeParse(list.map((item) => item.location));
    if (!read.success || !Array.isArray(read.data)) return searchAnswerSchema.safeParse(input);
    const locations = read.data;
    return {
      success: true,
      data: {
        data: list.map((item, index) => ({
          location: locations[index] as SearchAnswer['data'][number]['location'],
          entryIds: [...item.entryIds],
        })),
        total,
      },
    };
  },
};

/** GET /search (docs/behaviour.md#search): `params` as the URL holds them, with the page's size. */
export const searchApi = {
  search(params: URLSearchParams, limit: number, offset = 0): Promise<SearchAnswer> {
    const query = new URLSearchParams(params);
    query.set('limit', String(limit));
    if (offset > 0) query.set('offset', String(offset));
    return api.get(`/search?${query.toString()}`, searchAnswerReading);
  },
};
