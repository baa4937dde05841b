import { loginAfterResetPath } from '@fj/contract/web-paths';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maxPasswordLength } from '../../auth/identity.ts';
import { resetPasswordPage } from './page.ts';
import type { ResetTokenService } from './service.ts';

const usedOrExpired = 'This reset link has expired or was already used. Ask for a new one.';

/**
 * The page the reset mail links to ("handled outside the app", docs/behaviour.md#password-reset). A plain form post;
 * on success it returns the user to /login.
 */
export function resetPasswordRoutes(
  resetTokens: ResetTokenService,
  minLength: number,
): FastifyPluginAsyncZod {
  return async (app) => {
    const send = (reply: { type: (t: string) => { send: (b: string) => unknown } }, html: string) =>
      reply.type('text/html; charset=utf-8').send(html);

    app.get(
      '/reset-password',
      { schema: { hide: true, querystring: z.object({ token: z.string().max(200).optional() }) } },
      async (request, reply) => {
        const { token } = request.query;
        if (!token || !(await resetTokens.isLive(token))) {
          return send(
            reply.status(token ? 410 : 400),
            resetPasswordPage({ error: usedOrExpired, minLength }),
          );
        }
        return send(reply, resetPasswordPage({ token, minLength }));
      },
    );

    app.post(
      '/reset-password',
      {
        schema: {
          hide: true,
          body: z.object({
            token: z.string().min(1).max(200),
            password: z.string(),
            confirm: z.string(),
          }),
        },
      },
      async (request, reply) => {
        const { token, password, confirm } = request.body;
        const retry = (error: string) =>
          send(reply.status(400), resetPasswordPage({ token, error, minLength }));
        if (password !== confirm) return retry('The two passwords differ.');
        if (password.length < minLength)
          return retry(`The password needs at least ${minLength} characters.`);
        // Checked here too: a refusal from the identity provider would read as a dead link.
        if (password.length > maxPasswordLength)
          return retry(`The password can have at most ${maxPasswordLength} characters.`);
        if (!(await resetTokens.isLive(token))) {
          return send(reply.status(410), resetPasswordPage({ error: usedOrExpired, minLength }));
        }
        try {
          await app.identity.api.resetPassword({ body: { newPassword: password, token } });
        } catch (error) {
          request.log.warn({ err: error }, 'password reset refused');
          return send(reply.status(410), resetPasswordPage({ error: usedOrExpired, minLength }));
        }
        return reply.redirect(loginAfterResetPath, 303);
      },
    );
  };
}
