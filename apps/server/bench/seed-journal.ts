// The journal of a keen forager, written through the API as the app would write it: shared by
// the list-reads and export sections, which differ only in its size, patches and photos.
import sharp from 'sharp';

export interface JournalShape {
  spots: number;
  entriesEach: number;
  /** Each spot with a small polygon patch. */
  patches?: boolean;
  /** The first entry of this many spots carries a photo (1600×1200 with noise). */
  photos?: number;
}

/** A 1600×1200 JPEG with noise, so its WebP is photo-sized rather than a flat fill. */
function makeJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#4a6b3a',
      noise: { type: 'gaussian', mean: 110, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const patch = {
  type: 'Polygon',
  coordinates: [
    [
      [12, 55],
      [12.001, 55],
      [12.001, 55.001],
      [12, 55],
    ],
  ],
};

export async function fillJournal(
  baseUrl: string,
  headers: Record<string, string>,
  { spots, entriesEach, patches = false, photos = 0 }: JournalShape,
): Promise<void> {
  const jpeg = photos > 0 ? await makeJpeg() : Buffer.alloc(0);
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'find.jpg');
    const res = await fetch(`${baseUrl}/api/v1/photos`, { method: 'POST', headers, body: form });
    if (res.status !== 201) throw new Error(`photo: ${res.status} ${await res.text()}`);
    return (await res.json()) as { filePath: string };
  };
  const post = async (url: string, body: object) => {
    const res = await fetch(`${baseUrl}/api/v1${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const one = async (i: number) => {
    const { id } = await post('/locations', {
      name: `Spot ${i}, "by the old mill"`,
      description: 'North-facing slope under beeches, mossy, wet after rain.',
      position: { lat: 55 + (i % 100) / 10, lng: 12 + i / 400 },
      ...(patches ? { area: patch } : {}),
      categories: ['mushrooms', 'berries'],
      species: ['chanterelle', 'hedgehog mushroom', 'bilberry'],
      terrainType: 'Forest',
      treeTypes: ['Beech', 'Spruce'],
      access: { status: 'open', note: 'Park by the gate' },
    });
    for (let e = 0; e < entriesEach; e++) {
      const photo = e === 0 && i < photos ? [{ filePath: (await upload()).filePath }] : [];
      await post(`/locations/${id}/entries`, {
        photos: photo,
        date: `2026-0${1 + (e % 9)}-1${e % 10}`,
        species: ['chanterelle', 'hedgehog mushroom'],
        abundance: 1 + (e % 5),
        notes: 'A good flush along the ditch, most of them young;\nleft the small ones to grow.',
        weather: 'Overcast, 14 °C, rain the day before',
      });
    }
  };
  // A few at a time: filling takes seconds, not minutes.
  const workers = 4;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = worker; i < spots; i += workers) await one(i);
    }),
  );
}
