import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentPosition, PositionError } from './get-current-position.ts';

/** @capacitor/geolocation at the plugin boundary. */
const plugin = vi.hoisted(() => ({ getCurrentPosition: vi.fn() }));
vi.mock('@capacitor/geolocation', () => ({ Geolocation: plugin }));

const fix = { coords: { latitude: 59.33, longitude: 18.07 } };
type Success = (position: typeof fix) => void;
type Failure = (error: { code: number; message: string }) => void;
const browser = { getCurrentPosition: vi.fn<(ok: Success, fail: Failure, o: object) => void>() };

beforeEach(() => {
  plugin.getCurrentPosition.mockReset();
  browser.getCurrentPosition.mockReset();
  vi.stubGlobal('navigator', { ...navigator, geolocation: browser });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('GPS on the web: navigator.geolocation', () => {
  it('answers {lat, lng} and never touches the plugin', async () => {
    browser.getCurrentPosition.mockImplementation((ok) => ok(fix));
    await expect(getCurrentPosition()).resolves.toEqual({ lat: 59.33, lng: 18.07 });
    expect(browser.getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 15_000,
      maximumAge: 30_000,
    });
    expect(plugin.getCurrentPosition).not.toHaveBeenCalled();
  });

  it.each([
    [1, /denied/],
    [2, /not available right now/],
    [3, /took too long/],
  ])('puts browser error %i in words', async (code, words) => {
    browser.getCurrentPosition.mockImplementation((_ok, fail) => fail({ code, message: 'x' }));
    const failure = await getCurrentPosition().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PositionError);
    expect((failure as PositionError).message).toMatch(words);
  });

  it('says so when the device has no geolocation at all', async () => {
    vi.stubGlobal('navigator', {});
    await expect(getCurrentPosition()).rejects.toThrow('This device cannot tell its position.');
  });
});

describe('GPS in the native app: @capacitor/geolocation', () => {
  beforeEach(() => {
    vi.stubGlobal('fjNativeShellStandIn', {});
  });

  it('answers {lat, lng} from the plugin, with the same options', async () => {
    plugin.getCurrentPosition.mockResolvedValue(fix);
    await expect(getCurrentPosition()).resolves.toEqual({ lat: 59.33, lng: 18.07 });
    expect(plugin.getCurrentPosition).toHaveBeenCalledWith({
      enableHighAccuracy: true,
      timeout: 15_000,
      maximumAge: 30_000,
    });
    expect(browser.getCurrentPosition).not.toHaveBeenCalled();
  });

  it.each([
    ['OS-PLUG-GLOC-0003', 'Location permission request was denied.', /denied/],
    ['OS-PLUG-GLOC-0010', 'Could not obtain location in time.', /took too long/],
    ['OS-PLUG-GLOC-0007', 'Location services are not enabled.', /not available right now/],
    [undefined, 'User denied location permission', /denied/],
  ])('puts plugin error %s in words', async (code, message, words) => {
    plugin.getCurrentPosition.mockRejectedValue(Object.assign(new Error(message), { code }));
    await expect(getCurrentPosition()).rejects.toThrow(words);
  });
});
