import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from '../src/lib/answer-serializer.ts';

const spot = z.object({ id: z.string(), name: z.string().optional(), favorite: z.boolean() });

/** A server with one route answering `answer` under the spot schema. */
async function serve(checkAnswers: boolean, answer: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(checkAnswers));
  app.get('/spot', { schema: { response: { 200: spot } } }, () => answer as z.infer<typeof spot>);
  await app.ready();
  return app;
}

describe('answers as JSON', () => {
  const apps: Awaited<ReturnType<typeof serve>>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  const get = async (checkAnswers: boolean, answer: unknown) => {
    const app = await serve(checkAnswers, answer);
    apps.push(app);
    return app.inject({ method: 'GET', url: '/spot' });
  };

  it('sends the same bytes checked or not, in the order the answer has them', async () => {
    const answer = { favorite: true, id: 'a', name: 'Oak ridge', note: undefined };
    for (const checkAnswers of [true, false]) {
      const res = await get(checkAnswers, answer);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"favorite":true,"id":"a","name":"Oak ridge"}');
    }
  });

  it('refuses, when checking, an answer its schema refuses or would change', async () => {
    expect((await get(true, { id: 'a' })).statusCode).toBe(500);
    expect((await get(true, { id: 'a', favorite: true, secret: 'x' })).statusCode).toBe(500);
  });

  it('does not check in production', async () => {
    const res = await get(false, { id: 'a', favorite: true, secret: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', favorite: true, secret: 'x' });
  });
});
