import { AppError } from '../errors.ts';

/** A file that cannot be imported at all: 400 with what is wrong, nothing written. */
export const importError = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { file: message });
