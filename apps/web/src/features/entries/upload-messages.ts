import { photoLimits } from '@fj/contract/photos';
import { ApiError, NETWORK_CODE, TIMEOUT_CODE } from '../../lib/api/api-error.ts';
import { StorageFullError } from '../../lib/offline/storage-quota.ts';

const maxMegabytes = Math.round(photoLimits.maxUploadBytes / (1024 * 1024));

export const UPLOAD_MESSAGES = {
  tooLarge: `This photo is too large (max ${maxMegabytes} MB)`,
  unsupported: 'This file is not a supported image',
  network: 'Upload failed — check your connection',
  stalled: 'Upload stopped — no progress for 30 seconds; check your connection',
  other: 'Upload failed — please try again',
} as const;

/** Why an upload failed, in words a forager can act on. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof StorageFullError) return error.message;
  if (!(error instanceof ApiError)) return UPLOAD_MESSAGES.other;
  if (error.status === 413 || error.code === 'PAYLOAD_TOO_LARGE') return UPLOAD_MESSAGES.tooLarge;
  if (error.status === 415 || error.code === 'UNSUPPORTED_MEDIA_TYPE')
    return UPLOAD_MESSAGES.unsupported;
  if (error.code === TIMEOUT_CODE) return UPLOAD_MESSAGES.stalled;
  if (error.status === 0 || error.code === NETWORK_CODE) return UPLOAD_MESSAGES.network;
  return error.message || UPLOAD_MESSAGES.other;
}
