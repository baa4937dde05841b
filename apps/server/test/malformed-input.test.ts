import { errorBodySchema } from '@fj/contract/errors';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** A 4xx in the one error shape, with the expected code. */
function expectRefusal(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBodySchema.parse(res.json());
  expect(body.error.code).toBe(code);
}

const part = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

describe.each(databaseKinds)('malformed input on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
  });

  const upload = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/photos',
      headers: { ...user.auth, 'content-type': contentType },
      payload,
    });

  it.each([
    ['a body that does not match its boundary', 'boundary=abc', `${part('xyz')}hello`],
    ['a truncated body', 'boundary=abc', `${part('abc')}hel`],
    ['no boundary at all', '', 'hello'],
  ])('answers 400 to multipart with %s', async (_name, parameter, payload) => {
    const res = await upload(`multipart/form-data; ${parameter}`, payload);
    expectRefusal(res, 400, 'VALIDATION_FAILED');
  });

  it('answers 415 to an empty photo file', async () => {
    const res = await upload('multipart/form-data; boundary=abc', `${part('abc')}\r\n--abc--\r\n`);
    expectRefusal(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 415 to a photo sent as JSON', async () => {
    expectRefusal(await upload('application/json', '{"file":"x"}'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it.each([
    ['truncated JSON', 'application/json', '{"name":"Oak', 400, 'VALIDATION_FAILED'],
    ['text/plain', 'text/plain', 'Oak ridge', 400, 'VALIDATION_FAILED'],
    ['an unknown content type', 'application/xml', '<a/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'JSON nested 100,000 deep',
      'application/json',
      `{"name":${'['.repeat(1e5)}${']'.repeat(1e5)}}`,
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an escaped U+0000',
      'application/json',
      '{"name":"a\\u0000b","position":{"lat":1,"lng":1}}',
      400,
      'VALIDATION_FAILED',
    ],
  ])(
    'answers a location body of %s in the error shape',
    async (_name, type, payload, status, code) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { ...user.auth, 'content-type': type },
        payload,
      });
      expectRefusal(res, status, code);
    },
  );

  it('answers deep JSON sent to the identity routes with a 4xx, not a stack overflow', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expectRefusal(res, 400, 'VALIDATION_FAILED');
  });

  it.each([
    ['a non-UUID id', '/locations/not-a-uuid', 404, 'NOT_FOUND'],
    ['a percent-encoded U+0000', '/locations/ab%00cd', 400, 'VALIDATION_FAILED'],
    ['broken percent-encoding', '/locations/%E0%A4%A', 400, 'VALIDATION_FAILED'],
    ['a 5,000-character id', `/locations/${'a'.repeat(5000)}`, 414, 'VALIDATION_FAILED'],
    ['a 101-character id', `/locations/${'a'.repeat(101)}`, 414, 'VALIDATION_FAILED'],
    ['an entry id with U+0000', '/locations/x/entries/%00', 400, 'VALIDATION_FAILED'],
  ])('answers a path with %s in the error shape', async (_name, path, status, code) => {
    const method = path.includes('/entries/') ? 'DELETE' : 'GET';
    const res = await t.app.inject({ method, url: `/api/v1${path}`, headers: user.auth });
    expectRefusal(res, status, code);
  });

  // Names every plain object answers through its prototype: a file name is looked up among the
  // import's known extensions, and none of these is one.
  const prototypeNames = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

  it.each(prototypeNames.flatMap((name) => [name, `spots.${name}`]))(
    'answers an import named %s without a format with 400 asking for the format',
    async (filename) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/import?filename=${encodeURIComponent(filename)}`,
        headers: { ...user.auth, 'content-type': 'text/csv' },
        payload: 'name,lat,lng\nOak,1,2\n',
      });
      expectRefusal(res, 400, 'VALIDATION_FAILED');
      expect(res.json().error.message).toMatch(/^Say the file format/);
    },
  );

  it.each(prototypeNames)(
    'answers a multipart import of a file named %s with 400',
    async (name) => {
      const boundary = 'fj-proto';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/import',
        headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\nname,lat,lng\nOak,1,2\n\r\n--${boundary}--\r\n`,
      });
      expectRefusal(res, 400, 'VALIDATION_FAILED');
    },
  );
});
