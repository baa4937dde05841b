import { afterEach, describe, expect, it, vi } from 'vitest';

const capacitor = vi.hoisted(() => ({ native: false }));
vi.mock('@capacitor/core', () => ({
  Capacitor: {
    isNativePlatform: () => capacitor.native,
    getPlatform: () => (capacitor.native ? 'ios' : 'web'),
  },
}));

const { devicePlatform, isNativePlatform, nativeApiOrigin } = await import('./platform.ts');
const { getApiBaseUrl, getApiOrigin, resolveServerUrl } = await import('../lib/api/api-base.ts');

type StandInGlobal = { fjNativeShellStandIn?: { apiOrigin: string } };

afterEach(() => {
  capacitor.native = false;
  delete (globalThis as StandInGlobal).fjNativeShellStandIn;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('isNativePlatform', () => {
  it('is false in a browser', () => {
    expect(isNativePlatform()).toBe(false);
  });

  it("is Capacitor's answer inside the native app", () => {
    capacitor.native = true;
    expect(isNativePlatform()).toBe(true);
  });

  it("is true when the page has the native shell's stand-in (the browser e2e)", () => {
    (globalThis as StandInGlobal).fjNativeShellStandIn = { apiOrigin: 'http://127.0.0.1:9' };
    expect(isNativePlatform()).toBe(true);
    delete (globalThis as StandInGlobal).fjNativeShellStandIn;
    expect(isNativePlatform()).toBe(false);
  });
});

describe('devicePlatform', () => {
  it("is the web in a browser, and Capacitor's platform in the app", () => {
    expect(devicePlatform()).toBe('web');
    capacitor.native = true;
    expect(devicePlatform()).toBe('ios');
  });

  it("is the stand-in's platform, Android unless it says", () => {
    (globalThis as { fjNativeShellStandIn?: object }).fjNativeShellStandIn = { apiOrigin: 'x' };
    expect(devicePlatform()).toBe('android');
    (globalThis as { fjNativeShellStandIn?: object }).fjNativeShellStandIn = { platform: 'ios' };
    expect(devicePlatform()).toBe('ios');
  });
});

describe('photo URLs from the server', () => {
  const signed = '/api/files/u1/p.webp?expires=1&sig=s';

  it('stay paths on the web', () => {
    expect(resolveServerUrl(signed)).toBe(signed);
  });

  it("get the server's origin in the native app, whose WebView has an origin of its own", () => {
    capacitor.native = true;
    vi.stubEnv('VITE_API_ORIGIN', 'https://journal.example.org');
    expect(resolveServerUrl(signed)).toBe(`https://journal.example.org${signed}`);
    expect(resolveServerUrl('https://cdn.example.org/p.webp')).toBe(
      'https://cdn.example.org/p.webp',
    );
  });
});

describe('API base (docs/behaviour.md#api-base)', () => {
  it('stays relative on the web: /api/v1 on the same server', () => {
    vi.stubEnv('VITE_API_ORIGIN', 'https://journal.example.org');
    expect(getApiOrigin()).toBe('');
    expect(getApiBaseUrl()).toBe('/api/v1');
  });

  it('is VITE_API_ORIGIN + /api/v1 in the native app', () => {
    capacitor.native = true;
    vi.stubEnv('VITE_API_ORIGIN', 'https://journal.example.org');
    expect(getApiOrigin()).toBe('https://journal.example.org');
    expect(getApiBaseUrl()).toBe('https://journal.example.org/api/v1');
  });

  it("takes the stand-in's origin over the build's, so one build serves the e2e", () => {
    vi.stubEnv('VITE_API_ORIGIN', 'https://journal.example.org');
    (globalThis as StandInGlobal).fjNativeShellStandIn = { apiOrigin: 'http://127.0.0.1:4100/' };
    expect(getApiBaseUrl()).toBe('http://127.0.0.1:4100/api/v1');
  });

  it('drops trailing slashes and blanks from the configured origin', () => {
    capacitor.native = true;
    vi.stubEnv('VITE_API_ORIGIN', ' https://journal.example.org:8443/ ');
    expect(getApiBaseUrl()).toBe('https://journal.example.org:8443/api/v1');
  });

  it('says once on the console when a native build has no server origin', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('VITE_API_ORIGIN', '');
    expect(nativeApiOrigin()).toBe('');
    expect(nativeApiOrigin()).toBe('');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[0])).toContain('VITE_API_ORIGIN');
  });
});
