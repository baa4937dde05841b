import {
  importPreviewSchema,
  importResultSchema,
  type ImportPreview,
  type ImportResult,
} from '@fj/contract/import';
import { api } from './api-client.ts';
import { readAnswer } from './http-client.ts';
import { sendToImport, type ImportClient, type ImportUploadWords } from './import-upload.ts';

export type RestoreProgress = (fraction: number) => void;

/**
 * A backup ZIP goes to POST /import like any import file; the server tells a backup from its
 * contents (docs/files.md#restore). Only its words differ.
 */
const RESTORE_WORDS: ImportUploadWords = {
  tooLarge:
    'The backup is larger than this server takes (RESTORE_MAX_MB). Ask its administrator to raise it.',
  what: 'backup',
};

/** What restoring the backup would add and skip; the server writes nothing. */
export async function previewRestore(
  file: File,
  onProgress: RestoreProgress = () => {},
  client: ImportClient = api,
): Promise<ImportPreview> {
  const answer = await sendToImport({ file }, true, onProgress, client, RESTORE_WORDS);
  return readAnswer(answer, importPreviewSchema);
}

/** Restores the backup: every new spot, entry and photo in one transaction, or nothing. */
export async function runRestore(
  file: File,
  onProgress: RestoreProgress = () => {},
  client: ImportClient = api,
): Promise<ImportResult> {
  const answer = await sendToImport({ file }, false, onProgress, client, RESTORE_WORDS);
  return readAnswer(answer, importResultSchema);
}
