import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** @capacitor/filesystem and @capacitor/share at the plugin boundary. */
const plugins = vi.hoisted(() => ({ writeFile: vi.fn(), share: vi.fn() }));
vi.mock('@capacitor/filesystem', () => ({
  Filesystem: { writeFile: plugins.writeFile },
  Directory: { Cache: 'CACHE' },
}));
vi.mock('@capacitor/share', () => ({ Share: { share: plugins.share } }));

const { saveFile } = await import('../lib/save-file.ts');

const file = { blob: new Blob(['{"a":1}'], { type: 'application/json' }), fileName: 'x.geojson' };

beforeEach(() => {
  plugins.writeFile.mockReset().mockResolvedValue({ uri: 'file:///cache/x.geojson' });
  plugins.share.mockReset().mockResolvedValue({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saveFile in the native app: the share sheet', () => {
  beforeEach(() => {
    vi.stubGlobal('fjNativeShellStandIn', {});
  });

  it('writes the bytes to the cache folder and shares that file', async () => {
    await saveFile(file);
    expect(plugins.writeFile).toHaveBeenCalledWith({
      path: 'x.geojson',
      data: btoa('{"a":1}'),
      directory: 'CACHE',
    });
    expect(plugins.share).toHaveBeenCalledWith({
      title: 'x.geojson',
      files: ['file:///cache/x.geojson'],
    });
  });

  it('a dismissed share sheet is no failure; another error is', async () => {
    plugins.share.mockRejectedValueOnce(new Error('Share canceled'));
    await expect(saveFile(file)).resolves.toBeUndefined();
    plugins.share.mockRejectedValueOnce(new Error('No app can open this file'));
    await expect(saveFile(file)).rejects.toThrow('No app can open this file');
  });
});

describe('saveFile in a browser: a download', () => {
  it('clicks a download link named as the file and touches no plugin', async () => {
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, href: this.href });
    });
    await saveFile(file);
    expect(clicked).toEqual([{ download: 'x.geojson', href: expect.stringMatching(/^blob:/) }]);
    expect(plugins.writeFile).not.toHaveBeenCalled();
    expect(plugins.share).not.toHaveBeenCalled();
  });
});
