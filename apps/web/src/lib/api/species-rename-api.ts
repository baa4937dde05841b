import type { AnswerSchema } from '../answer-schema.ts';
import { api } from './api-client.ts';

/** How many entries and locations a rename changed. */
export interface RenameCounts {
  entries: number;
  locations: number;
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** `{ data: { entries, locations } }`, read by hand (two numbers need no schema library). */
const renameAnswer: AnswerSchema<RenameCounts> = {
  safeParse(input) {
    const data = typeof input === 'object' && input !== null && 'data' in input ? input.data : null;
    const record =
      typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
    if (record && count(record.entries) && count(record.locations))
      return {
        success: true,
        data: { entries: record.entries as number, locations: record.locations as number },
      };
    return {
      success: false,
      error: { issues: [{ path: ['data'], message: 'Expected { entries, locations } counts' }] },
    };
  },
};

/** POST /species/rename (docs/behaviour.md#species-rename): every find, spot and list at once. */
export const speciesRenameApi = {
  rename: (from: string, to: string): Promise<RenameCounts> =>
    api.post('/species/rename', { from, to }, renameAnswer),
};
