import { z } from 'zod';

/*
 * The parts of better-auth's answers (under /api/auth) that the web app reads
 * (docs/behaviour.md#identity-provider). better-auth sends more; what is not named here is dropped.
 */

/** A user as better-auth answers it. */
export const identityUserSchema = z.object({
  id: z.string().min(1),
  email: z.string().optional(),
  name: z.string().optional(),
});

/** Sign-in, sign-up and a session: an answer carrying the user. */
export const userAnswerSchema = z.object({ user: identityUserSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** GET /get-session: the session with its user, or null when nobody is signed in. */
export const sessionAnswerSchema = userAnswerSchema.nullable();

/** GET /token: the ID token the API accepts as bearer. */
export const tokenAnswerSchema = z.object({ token: z.string().min(1) });

/**
 * A refusal: `{ code, message }`, though some paths send only a message and a proxy may send
 * a page of its own. Whatever is missing or not text reads as undefined.
 */
export const identityRefusalSchema = z
  .object({
    code: z.string().min(1).optional().catch(undefined),
    message: z.string().min(1).optional().catch(undefined),
  })
  .catch({});
