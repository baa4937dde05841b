// A backup's JSON files read strictly (UTF-8 or refused), and zod's first complaint as a message.
import type { z } from 'zod';
import { importError } from '../../lib/import-error.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseJson(bytes: Uint8Array, what: string): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw importError(`${what} is not UTF-8 JSON`);
  }
}

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'not valid';
}
