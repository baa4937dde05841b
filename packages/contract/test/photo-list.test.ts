import { describe, expect, it } from 'vitest';
import { normalizePhotoList, toPublicStorageUrl } from '../src/photo-list.ts';

const now = new Date('2026-11-23T10:00:00Z');
const clock = () => now;
const signed =
  'https://storage.googleapis.com/journal-bucket/users/u1/photo%201.jpg?GoogleAccessId=svc%40proj.iam&Expires=1700000000&Signature=abc%2Bdef';

describe('normalizePhotoList (docs/behaviour.md#photo-list)', () => {
  it.each([undefined, null, 'a.jpg', 42, { url: 'a.jpg' }])(
    'gives an empty list for the non-array %j',
    (input) => {
      expect(normalizePhotoList(input, clock)).toEqual([]);
    },
  );

  it("turns a bare string into an entry with that url, name 'photo-{index}', size 0 and uploadedAt now", () => {
    expect(normalizePhotoList(['first.jpg', 'second.jpg'], clock)).toEqual([
      { url: 'first.jpg', name: 'photo-0', size: 0, uploadedAt: now },
      { url: 'second.jpg', name: 'photo-1', size: 0, uploadedAt: now },
    ]);
  });

  it("names an object without a name 'photo-{index}'", () => {
    const [, second] = normalizePhotoList([{ url: 'a', name: 'kept' }, { url: 'b' }], clock);
    expect(second?.name).toBe('photo-1');
  });

  it('gives an object without a size the size 0', () => {
    expect(normalizePhotoList([{ url: 'a' }], clock)[0]?.size).toBe(0);
  });

  it('gives an object without uploadedAt the time now', () => {
    expect(normalizePhotoList([{ url: 'a' }], clock)[0]?.uploadedAt).toBe(now);
  });

  it('gives an object without a url an empty url', () => {
    expect(normalizePhotoList([{ name: 'x' }], clock)[0]?.url).toBe('');
  });

  it('keeps every field an object already has', () => {
    const photo = {
      url: '/api/files/u/p.webp?expires=1&sig=s',
      thumbnailUrl: '/api/files/u/p-thumb.webp?expires=1&sig=s',
      filePath: 'u/p.webp',
      thumbnailFilePath: 'u/p-thumb.webp',
      name: 'chanterelles.jpg',
      size: 123_456,
      width: 2048,
      height: 1365,
      uploadedAt: '2026-09-01T08:00:00.000Z',
    };
    expect(normalizePhotoList([photo], clock)).toEqual([photo]);
  });

  it('rewrites signed cloud-storage URLs, of the photo and its thumbnail, to the plain public form', () => {
    const [photo] = normalizePhotoList([{ url: signed, thumbnailUrl: signed }, signed], clock);
    const plain = 'https://storage.googleapis.com/journal-bucket/users/u1/photo%201.jpg';
    expect(photo?.url).toBe(plain);
    expect(photo?.thumbnailUrl).toBe(plain);
    expect(normalizePhotoList([signed], clock)[0]?.url).toBe(plain);
  });
});

describe('toPublicStorageUrl', () => {
  it.each([
    ['https://storage.googleapis.com/b/o.jpg?alt=media', 'no access id'],
    ['https://example.com/b/o.jpg?GoogleAccessId=x', 'another host'],
    ['/api/files/u/p.webp?expires=1&sig=s', 'a relative URL'],
    ['not a url', 'not a URL'],
  ])('leaves %s alone (%s)', (url) => {
    expect(toPublicStorageUrl(url)).toBe(url);
  });
});
