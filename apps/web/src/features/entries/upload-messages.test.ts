import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import { uploadErrorMessage } from './upload-messages.ts';

describe('uploadErrorMessage', () => {
  it.each([
    [new ApiError(413, 'PAYLOAD_TOO_LARGE', 'x'), 'This photo is too large (max 25 MB)'],
    [new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'x'), 'This file is not a supported image'],
    [new ApiError(0, 'NETWORK_ERROR', 'x'), 'Upload failed — check your connection'],
    [
      new ApiError(0, 'TIMEOUT', 'x'),
      'Upload stopped — no progress for 30 seconds; check your connection',
    ],
    [
      new ApiError(400, 'VALIDATION_FAILED', 'file: no file in the upload'),
      'file: no file in the upload',
    ],
    [new Error('odd'), 'Upload failed — please try again'],
  ])('%s → %s', (error, message) => {
    expect(uploadErrorMessage(error)).toBe(message);
  });
});
