import { gridStepMicro } from '@fj/contract/grid';
import type { ShareDatePrecision, SharePrecision } from '@fj/contract/sharing';
import exifr from 'exifr';
import sharp from 'sharp';
import { expect } from 'vitest';
import { expectNoMetadata } from './photos.ts';

/** What the owner holds that no shared answer may show finer than the share allows. */
export interface Secrets {
  spots: { lat: number; lng: number; vertices: number[] }[];
  /** Location, entry, photo, user and share ids, file paths. */
  realIds: string[];
  /** Texts that never leave: file names, descriptions, access notes, e-mail, timestamps. */
  neverShown: string[];
  /** Entry dates, `YYYY-MM-DD`. */
  dates: string[];
}

export interface Policy {
  precision: SharePrecision;
  dates: ShareDatePrecision;
}

/** Every assertion is counted, by route and by precision, for the closing report. */
export class LeakLedger {
  readonly routes = new Map<string, number>();
  readonly precisions = new Map<string, number>();
  total = 0;

  check(ok: boolean, route: string, policy: Policy | 'own', what: string): void {
    this.total += 1;
    this.routes.set(route, (this.routes.get(route) ?? 0) + 1);
    const key = policy === 'own' ? "grantee's own routes" : `${policy.precision} × ${policy.dates}`;
    this.precisions.set(key, (this.precisions.get(key) ?? 0) + 1);
    expect(ok, `${route} [${key}]: ${what}`).toBe(true);
  }

  report(): string {
    const lines = [`leak suite: ${this.total} assertions`, 'by route:'];
    for (const [route, count] of [...this.routes].sort()) lines.push(`  ${route}: ${count}`);
    lines.push('by precision × dates:');
    for (const [key, count] of [...this.precisions].sort()) lines.push(`  ${key}: ${count}`);
    return lines.join('\n');
  }
}

/** Every number in a JSON value, and every decimal number written inside its strings. */
function numbersIn(value: unknown, into: number[] = []): number[] {
  if (typeof value === 'number') into.push(value);
  else if (typeof value === 'string') {
    for (const match of value.matchAll(/(?<![\w.])-?\d{1,3}\.\d+(?![\w.])/g))
      into.push(Number(match[0]));
  } else if (Array.isArray(value)) for (const item of value) numbersIn(item, into);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) numbersIn(item, into);
  return into;
}

/** Every string of a JSON value but those under the keys given (the share's own expiry). */
function stringsIn(value: unknown, skip: ReadonlySet<string>, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, skip, into);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      if (!skip.has(key)) stringsIn(item, skip, into);
  return into;
}

/** Every `date` field of a JSON value. */
function datesIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) datesIn(item, into);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key === 'date' && typeof item === 'string') into.push(item);
      else datesIn(item, into);
    }
  return into;
}

const onGrid = (value: number, step: number) => {
  const micro = value * 1e6;
  return Math.abs(micro - Math.round(micro)) < 1e-3 && Math.round(micro) % step === 0;
};

const datePattern: Record<ShareDatePrecision, RegExp> = {
  day: /^\d{4}-\d{2}-\d{2}$/,
  month: /^\d{4}-\d{2}$/,
  year: /^\d{4}$/,
};

/**
 * A JSON answer a viewer reached: no number within a degree of a true position finer than the
 * grid (none at all when hidden), no patch vertex below exact, no real id, no file name, no
 * date finer than the share's, nothing the projection never carries.
 */
export function checkJson(
  ledger: LeakLedger,
  route: string,
  policy: Policy,
  text: string,
  secrets: Secrets,
): void {
  const body: unknown = JSON.parse(text);
  const numbers = numbersIn(body);
  for (const spot of secrets.spots) {
    const near = numbers.filter((n) => Math.abs(n - spot.lat) < 1 || Math.abs(n - spot.lng) < 1);
    if (policy.precision === 'hidden')
      ledger.check(
        near.length === 0,
        route,
        policy,
        `no number near a hidden spot: ${near.join()}`,
      );
    else if (policy.precision !== 'exact') {
      const step = gridStepMicro[policy.precision];
      const fine = near.filter((n) => !onGrid(n, step));
      ledger.check(fine.length === 0, route, policy, `numbers finer than the grid: ${fine.join()}`);
    }
    if (policy.precision !== 'exact')
      for (const vertex of spot.vertices)
        ledger.check(!text.includes(String(vertex)), route, policy, `patch vertex ${vertex}`);
  }
  for (const id of secrets.realIds)
    ledger.check(!text.includes(id), route, policy, `real id or path ${id}`);
  for (const secret of secrets.neverShown)
    ledger.check(!text.includes(secret), route, policy, `never shown: ${secret}`);
  for (const key of ['createdAt', 'updatedAt', 'description', 'access', 'filePath', 'uploadedAt'])
    ledger.check(!text.includes(`"${key}"`), route, policy, `no ${key} field`);
  const strings = stringsIn(body, new Set(['expiresAt', 'credential'])).join('\n');
  for (const date of secrets.dates) {
    const finer =
      policy.dates === 'day' ? [] : policy.dates === 'month' ? [date] : [date, date.slice(0, 7)];
    for (const cut of finer)
      ledger.check(
        !strings.includes(cut),
        route,
        policy,
        `date finer than ${policy.dates}: ${cut}`,
      );
  }
  for (const date of datesIn(body))
    ledger.check(
      datePattern[policy.dates].test(date),
      route,
      policy,
      `date ${date} as ${policy.dates}`,
    );
}

/** The headers of every shared answer: no cache, no referrer, no index, nothing real in them. */
export function checkHeaders(
  ledger: LeakLedger,
  route: string,
  policy: Policy,
  headers: Record<string, unknown>,
  secrets: Secrets,
): void {
  ledger.check(headers['cache-control'] === 'no-store', route, policy, 'Cache-Control: no-store');
  ledger.check(headers['referrer-policy'] === 'no-referrer', route, policy, 'Referrer-Policy');
  ledger.check(headers['x-robots-tag'] === 'noindex', route, policy, 'X-Robots-Tag: noindex');
  const text = JSON.stringify(headers);
  for (const secret of [...secrets.realIds, ...secrets.neverShown])
    ledger.check(!text.includes(secret), route, policy, `header holds ${secret}`);
}

/** A shared photo: a WebP without EXIF (read by exifr), XMP or file name. */
export async function checkPhoto(
  ledger: LeakLedger,
  route: string,
  policy: Policy,
  data: Buffer,
  headers: Record<string, unknown>,
  secrets: Secrets,
): Promise<void> {
  const metadata = await sharp(data).metadata();
  await expectNoMetadata(data, metadata);
  ledger.check(metadata.exif === undefined, route, policy, 'no EXIF block');
  const parsed: unknown = await exifr
    .parse(data, { gps: true, tiff: true, xmp: true })
    .catch(() => undefined);
  ledger.check(
    parsed === undefined,
    route,
    policy,
    `exifr reads nothing: ${JSON.stringify(parsed)}`,
  );
  ledger.check(headers['content-disposition'] === undefined, route, policy, 'no file name header');
  ledger.check(headers['content-type'] === 'image/webp', route, policy, 'the display WebP');
  for (const secret of secrets.neverShown)
    ledger.check(!data.includes(secret), route, policy, `bytes hold ${secret}`);
}
