import { z } from './zod.ts';

/** Stable error codes: clients branch on these, never on message text. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'SERVER_BUSY',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one error shape every API answer uses: `{ error: { code, message, fields? } }`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
