import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../testing/fake-fetch.ts';
import { networkFailureHints, reportNetworkFailure } from './network-diagnostics.ts';

const toast = vi.hoisted(() => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

const failed = { method: 'GET', url: 'https://journal.example.org/api/v1/locations' };
const native = { pageOrigin: 'https://localhost', production: true };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('networkFailureHints (docs/behaviour.md#error-catalogue)', () => {
  it('names the unreachable server, CORS with the page origin, and permissions', () => {
    const hints = networkFailureHints(failed, native);
    expect(hints).toHaveLength(3);
    expect(hints[0]).toMatch(/^Server unreachable: is https:\/\/journal\.example\.org up/);
    expect(hints[1]).toMatch(/^CORS: .*https:\/\/localhost\?.*CORS_ORIGINS/);
    expect(hints[2]).toMatch(/^Permissions: .*INTERNET.*App Transport Security/);
  });

  it('adds the HTTP hint when a release build calls a plain-HTTP server', () => {
    const hints = networkFailureHints({ ...failed, url: 'http://10.0.2.2:3000/api/v1/x' }, native);
    expect(hints[3]).toMatch(/^HTTP used in production: http:\/\/10\.0\.2\.2:3000 is not HTTPS/);
    expect(
      networkFailureHints(
        { ...failed, url: 'http://10.0.2.2:3000/x' },
        { ...native, production: false },
      ),
    ).toHaveLength(3);
  });

  it('reads a relative URL against the page (a build without VITE_API_ORIGIN)', () => {
    expect(networkFailureHints({ ...failed, url: '/api/v1/x' }, native)[0]).toContain(
      'https://localhost up',
    );
  });
});

describe('reportNetworkFailure', () => {
  it('logs the hints in the native app, with what the browser said', () => {
    vi.stubGlobal('fjNativeShellStandIn', {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    reportNetworkFailure({ ...failed, detail: 'Failed to fetch' });
    expect(warn).toHaveBeenCalledOnce();
    const logged = String(warn.mock.calls[0]?.[0]);
    expect(logged).toContain('GET https://journal.example.org/api/v1/locations got no response');
    expect(logged).toContain('(Failed to fetch)');
    expect(logged).toMatch(/- Server unreachable[\s\S]*- CORS[\s\S]*- Permissions/);
  });

  it('is silent on the web', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    reportNetworkFailure(failed);
    expect(warn).not.toHaveBeenCalled();
  });

  it('never throws, even when logging fails', () => {
    vi.stubGlobal('fjNativeShellStandIn', {});
    vi.spyOn(console, 'warn').mockImplementation(() => {
      throw new Error('console gone');
    });
    expect(() => reportNetworkFailure(failed)).not.toThrow();
  });
});

describe('the API client on a native network failure', () => {
  beforeEach(() => {
    vi.stubGlobal('fjNativeShellStandIn', {});
    vi.stubEnv('VITE_API_ORIGIN', 'https://journal.example.org');
  });

  it('logs the hints, rejects with NETWORK_ERROR for the caller, and shows no message', async () => {
    const server = installFakeFetch();
    server.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.resetModules();
    const { createApiClient } = await import('../lib/api/http-client.ts');
    const { getApiBaseUrl } = await import('../lib/api/api-base.ts');
    const api = createApiClient({
      baseUrl: getApiBaseUrl,
      tokens: { get: () => Promise.resolve('jwt'), clear: () => {} },
      readiness: { wait: () => Promise.resolve(), isReady: () => true },
      currentUser: () => ({ uid: 'u1', email: 'a@example.com', name: 'a' }),
      onSessionExpired: () => {},
    });
    await expect(api.get('/locations')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      'GET https://journal.example.org/api/v1/locations got no response (Failed to fetch)',
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.warn).not.toHaveBeenCalled();
  });
});
