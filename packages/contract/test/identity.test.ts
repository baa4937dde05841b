import { describe, expect, it } from 'vitest';
import { readClientConfig } from '../src/client-config-reading.ts';
import {
  readIdentityRefusal,
  sessionAnswerReading,
  tokenAnswerReading,
  userAnswerReading,
} from '../src/identity.ts';

const user = { id: 'u1', email: 'a@example.com', name: 'Ann' };

describe('reading better-auth answers without zod', () => {
  it('keeps the user fields the web reads and drops the rest', () => {
    const answer = { user: { ...user, emailVerified: false, image: null }, token: 'x' };
    expect(userAnswerReading.safeParse(answer)).toEqual({ success: true, data: { user } });
    expect(userAnswerReading.safeParse({ user: { id: 'u2' } })).toEqual({
      success: true,
      data: { user: { id: 'u2' } },
    });
  });

  it('says where an answer does not match', () => {
    const issueOf = (input: unknown) => {
      const result = userAnswerReading.safeParse(input);
      return result.success ? null : result.error.issues[0];
    };
    expect(issueOf('<html>')).toMatchObject({ path: [] });
    expect(issueOf({})).toMatchObject({ path: ['user'] });
    expect(issueOf({ user: { id: '' } })).toMatchObject({ path: ['user', 'id'] });
    expect(issueOf({ user: { id: 7 } })).toMatchObject({ path: ['user', 'id'] });
    expect(issueOf({ user: { id: 'u', email: null } })).toMatchObject({ path: ['user', 'email'] });
  });

  it('a session is a user answer or null', () => {
    expect(sessionAnswerReading.safeParse(null)).toEqual({ success: true, data: null });
    expect(sessionAnswerReading.safeParse({ user, session: {} })).toEqual({
      success: true,
      data: { user },
    });
    expect(sessionAnswerReading.safeParse(undefined).success).toBe(false);
  });

  it('a token must be non-empty text', () => {
    expect(tokenAnswerReading.safeParse({ token: 'jwt' })).toEqual({
      success: true,
      data: { token: 'jwt' },
    });
    expect(tokenAnswerReading.safeParse({ token: '' }).success).toBe(false);
    expect(tokenAnswerReading.safeParse({}).success).toBe(false);
  });

  it('a refusal reads whatever text it has, and never fails', () => {
    expect(readIdentityRefusal({ code: 'INVALID', message: 'No' })).toEqual({
      code: 'INVALID',
      message: 'No',
    });
    expect(readIdentityRefusal({ code: 5, message: '' })).toEqual({});
    expect(readIdentityRefusal('Bad gateway')).toEqual({});
    expect(readIdentityRefusal(null)).toEqual({});
  });
});

describe('reading the client settings', () => {
  it('blank for missing or non-text fields, the default name, all blank for a non-object', () => {
    expect(readClientConfig({ mapStyleUrl: 5, geocoderUrl: 'https://g', extra: 1 })).toEqual({
      appName: 'Foraging Journal',
      mapStyleUrl: '',
      localMapStyleUrl: '',
      satelliteTilesUrl: '',
      topoTilesUrl: '',
      geocoderUrl: 'https://g',
    });
    expect(readClientConfig([1, 2])).toEqual(readClientConfig(null));
    expect(readClientConfig(null).appName).toBe('Foraging Journal');
  });
});
