// Hostile and large files for the hostile-files suite (test/hostile-files.test.ts), made here
// from nothing: many-feature, deep and wide files of each import format at a size, and ZIP
// bombs. A bomb is written without inflating it: one piece of text is deflated once and its
// compressed bytes repeated, so a 1 GiB file costs the test a few milliseconds.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/** Text made of a head, a body repeated `times` times, and a tail. */
export interface Repeated {
  head: string;
  body: string;
  times: number;
  tail: string;
}

const bytesOf = (text: Repeated) =>
  Buffer.byteLength(text.head) +
  Buffer.byteLength(text.body) * text.times +
  Buffer.byteLength(text.tail);

/** As many bodies as fit within `size` bytes with the head and tail. */
export function repeatedTo(size: number, head: string, body: string, tail: string): Repeated {
  const room = size - Buffer.byteLength(head) - Buffer.byteLength(tail);
  return { head, body, tail, times: Math.max(1, Math.floor(room / Buffer.byteLength(body))) };
}

/** Numbered pieces (each different: `piece(i)`) as many as fit within `size` with head and tail. */
export function numberedTo(
  size: number,
  head: string,
  piece: (i: number) => string,
  tail: string,
): Buffer {
  const parts = [head];
  let bytes = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; ; i++) {
    const next = piece(i);
    bytes += Buffer.byteLength(next);
    if (bytes > size) break;
    parts.push(next);
  }
  parts.push(tail);
  return Buffer.from(parts.join(''));
}

/** The text's bytes, written out. */
export function render(text: Repeated): Buffer {
  const out = Buffer.allocUnsafe(bytesOf(text));
  let at = out.write(text.head);
  const body = Buffer.from(text.body);
  for (let i = 0; i < text.times; i++) at += body.copy(out, at);
  out.write(text.tail, at);
  return out;
}

/** Deep: `open` n times, then `close` n times, within `size` with head and tail. */
export function nested(size: number, head: string, open: string, close: string, tail: string) {
  const room = size - Buffer.byteLength(head) - Buffer.byteLength(tail);
  const depth = Math.floor(room / (Buffer.byteLength(open) + Buffer.byteLength(close)));
  return Buffer.from(head + open.repeat(depth) + close.repeat(depth) + tail);
}

// ---- ZIP ----------------------------------------------------------------------------------

/** One file of a ZIP, deflated: its bytes, CRC-32, sizes and SHA-256 (for a backup manifest). */
export interface ZipEntry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
  sha256: string;
}

const flushed = (bytes: Buffer) =>
  zlib.deflateRawSync(bytes, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
/** An empty final deflate block (fixed Huffman, end of block): what ends the stream. */
const finalBlock = Buffer.from([0x03, 0x00]);
const pieceBytes = 1 << 20;

/**
 * The entry of text that may inflate to gigabytes. The body is repeated in pieces of about
 * 1 MiB; each piece is deflated once and ended with a full flush (byte-aligned, no reference to
 * what came before), so its compressed bytes can be repeated as they are.
 */
export function deflatedEntry(name: string, text: Repeated | Buffer): ZipEntry {
  const { head, body, times, tail } = Buffer.isBuffer(text)
    ? { head: text, body: Buffer.alloc(0), times: 0, tail: Buffer.alloc(0) }
    : {
        head: Buffer.from(text.head),
        body: Buffer.from(text.body),
        times: text.times,
        tail: Buffer.from(text.tail),
      };
  const perPiece = body.length ? Math.max(1, Math.floor(pieceBytes / body.length)) : 0;
  const piece = Buffer.concat(Array<Buffer>(Math.min(perPiece, times)).fill(body));
  const pieces = perPiece ? Math.floor(times / perPiece) : 0;
  const rest = Buffer.concat(Array<Buffer>(times - pieces * perPiece).fill(body));

  const parts: Buffer[] = [flushed(head)];
  let crc = zlib.crc32(head);
  const hash = createHash('sha256').update(head);
  const pieceDeflated = pieces ? flushed(piece) : Buffer.alloc(0);
  for (let i = 0; i < pieces; i++) {
    parts.push(pieceDeflated);
    crc = zlib.crc32(piece, crc);
    hash.update(piece);
  }
  for (const last of [rest, tail]) {
    parts.push(flushed(last));
    crc = zlib.crc32(last, crc);
    hash.update(last);
  }
  parts.push(finalBlock);
  return {
    name,
    data: Buffer.concat(parts),
    crc,
    size: head.length + body.length * times + tail.length,
    sha256: hash.digest('hex'),
  };
}

/** A ZIP of the entries (deflated, no ZIP64: each under 4 GiB), as yazl would lay it out. */
export function zipOfEntries(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    local.copy(central, 6, 4, 30); // version needed … name length, then extra length 0
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A KMZ holding the KML as doc.kml. */
export const kmzOf = (kml: Repeated | Buffer): Buffer =>
  zipOfEntries([deflatedEntry('doc.kml', kml)]);

// ---- the formats ------------------------------------------------------------------------------

const padding = (length: number) => 'p'.repeat(Math.max(0, length));

/** Valid spots in GeoJSON, each with one entry and a description of `descriptionLength`. */
export function geojsonSpots(count: number, descriptionLength = 20): Buffer {
  const features = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [13 + (i % 1000) / 1000, 52 + i / count] },
      properties: {
        name: `Spot ${i + 1}`,
        description: padding(descriptionLength),
        categories: ['mushrooms'],
        entries: [{ date: '2024-09-01', species: ['Chanterelle'], abundance: 3, notes: 'Fine' }],
      },
    }),
  );
  return Buffer.from(`{"type":"FeatureCollection","features":[${features.join(',')}]}`);
}

const gpxHead =
  '<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">';
const kmlHead = '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>';

/** Each format's many-feature, deep, wide and valid large file of about `size` bytes. */
export const hostileFiles = {
  geojson: {
    many: (size: number) =>
      repeatedTo(
        size,
        '{"type":"FeatureCollection","features":[',
        '{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5]},"properties":{"name":"s"}},',
        '{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5]},"properties":{"name":"s"}}]}',
      ),
    // L1: a geometry nested in itself (a GeometryCollection of one, and so on) answered 500.
    deep: (size: number) =>
      nested(
        size,
        '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"deep"},"geometry":',
        '{"type":"GeometryCollection","geometries":[',
        ']}',
        '}]}',
      ),
    entries: (size: number) =>
      repeatedTo(
        size,
        '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5]},"properties":{"name":"entries","entries":[',
        '{"date":"2024-09-01"},',
        '{"date":"2024-09-01"}]}}]}',
      ),
    wide: (size: number) => {
      const text = repeatedTo(
        size,
        '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5]},"properties":{"name":"wide"',
        '',
        '}}]}',
      );
      // Keys must differ: numbered, each `,"k123456":0`.
      const keys = Math.floor((size - text.head.length - text.tail.length) / 13);
      let body = '';
      for (let i = 0; i < keys; i++) body += `,"k${i.toString().padStart(7, '0')}":0`;
      return Buffer.from(text.head + body + text.tail);
    },
    large: (size: number, maxFeatures: number) =>
      geojsonSpots(maxFeatures, Math.floor(size / maxFeatures) - 250),
  },
  gpx: {
    many: (size: number) =>
      repeatedTo(size, gpxHead, '<wpt lat="52.5" lon="13.4"><name>s</name></wpt>', '</gpx>'),
    deep: (size: number) =>
      nested(
        size,
        `${gpxHead}<wpt lat="52.5" lon="13.4"><name>deep</name><extensions>`,
        '<a>',
        '</a>',
        '</extensions></wpt></gpx>',
      ),
    wide: (size: number) => {
      const head = `${gpxHead}<wpt lat="52.5" lon="13.4"`;
      const tail = '><name>wide</name></wpt></gpx>';
      const attributes = Math.floor((size - head.length - tail.length) / 12);
      let body = '';
      for (let i = 0; i < attributes; i++) body += ` a${i.toString().padStart(7, '0')}=""`;
      return Buffer.from(head + body + tail);
    },
    large: (size: number, maxFeatures: number) => {
      const description = padding(Math.floor(size / maxFeatures) - 90);
      let body = '';
      for (let i = 0; i < maxFeatures; i++)
        body += `<wpt lat="${52 + i / maxFeatures}" lon="13.4"><name>Spot ${i + 1}</name><desc>${description}</desc></wpt>`;
      return Buffer.from(`${gpxHead}${body}</gpx>`);
    },
  },
  kml: {
    many: (size: number) =>
      repeatedTo(
        size,
        kmlHead,
        '<Placemark><name>s</name><Point><coordinates>13.4,52.5</coordinates></Point></Placemark>',
        '</Document></kml>',
      ),
    deep: (size: number) =>
      nested(
        size,
        kmlHead,
        '<Folder>',
        '</Folder>',
        '<Placemark><name>deep</name><Point><coordinates>13.4,52.5</coordinates></Point></Placemark></Document></kml>',
      ),
    wide: (size: number) => {
      const head = `${kmlHead}<Placemark><name>wide</name><Point><coordinates>13.4,52.5</coordinates></Point><ExtendedData>`;
      const tail = '</ExtendedData></Placemark></Document></kml>';
      const fields = Math.floor((size - head.length - tail.length) / 45);
      let body = '';
      for (let i = 0; i < fields; i++)
        body += `<Data name="k${i.toString().padStart(7, '0')}"><value>v</value></Data>`;
      return Buffer.from(head + body + tail);
    },
    large: (size: number, maxFeatures: number) => {
      const description = padding(Math.floor(size / maxFeatures) - 130);
      let body = '';
      for (let i = 0; i < maxFeatures; i++)
        body += `<Placemark><name>Spot ${i + 1}</name><description>${description}</description><Point><coordinates>13.4,${52 + i / maxFeatures}</coordinates></Point></Placemark>`;
      return Buffer.from(`${kmlHead}${body}</Document></kml>`);
    },
  },
  csv: {
    // Each row a spot of its own: rows of one name and position are one spot's entries.
    many: (size: number) =>
      numberedTo(size, 'location_name,latitude,longitude\n', (i) => `s${i},52.5,13.4\n`, ''),
    entries: (size: number) =>
      repeatedTo(
        size,
        'location_name,latitude,longitude,entry_date\n',
        's,52.5,13.4,2024-09-01\n',
        '',
      ),
    deep: (size: number) =>
      nested(
        size,
        'location_name,latitude,longitude,patch_geojson\ndeep,52.5,13.4,',
        '[',
        ']',
        '\n',
      ),
    wide: (size: number) => {
      // Each column is `c0000000,` in the header and `v,` in the row.
      const columns = Math.floor((size - 64) / 11);
      const names = Array.from({ length: columns }, (_, i) => `c${i.toString().padStart(7, '0')}`);
      return Buffer.from(
        `location_name,latitude,longitude,${names.join(',')}\nwide,52.5,13.4,${'v,'.repeat(columns - 1)}v\n`,
      );
    },
    large: (size: number, maxFeatures: number) => {
      const description = padding(Math.floor(size / maxFeatures) - 30);
      let body = 'location_name,description,latitude,longitude\n';
      for (let i = 0; i < maxFeatures; i++)
        body += `Spot ${i + 1},${description},${52 + i / maxFeatures},13.4\n`;
      return Buffer.from(body);
    },
  },
};

/** A backup ZIP of the files, its manifest (from a real backup) listing each one's checksum. */
export function backupZipOf(manifest: Record<string, unknown>, files: readonly ZipEntry[]): Buffer {
  const listed = Object.fromEntries(
    files.map((file) => [file.name, { sha256: file.sha256, bytes: file.size }]),
  );
  const manifestEntry = deflatedEntry(
    'manifest.json',
    Buffer.from(JSON.stringify({ ...manifest, files: listed, missing: [] })),
  );
  return zipOfEntries([manifestEntry, ...files]);
}

/** A backup's journal: the template's preferences, and `spot` repeated `times` times. */
export function journalOf(preferences: unknown, spot: string, times: number): Repeated {
  return {
    head: `{"version":1,"preferences":${JSON.stringify(preferences)},"locations":[`,
    body: `${spot},`,
    times: times - 1,
    tail: `${spot}]}`,
  };
}
