// A backup's journal read a spot at a time as it inflates, each spot checked as POST /locations checks it.
import { createHash } from 'node:crypto';
import { boundedArray } from '@fj/contract/cheap-checks';
import { preferencesSchema } from '@fj/contract/preferences';
import { backupSearchSchema, maxSavedSearches } from '@fj/contract/saved-searches';
import { z } from 'zod';
import { importError } from '../../lib/import-error.ts';
import { checkSpot } from '../../lib/imported-spot.ts';
import type { BackupZip } from './backup-zip.ts';
import { firstIssue, parseJson } from './backup-json.ts';
import {
  maxJournalDepth,
  maxSpotBytes,
  quotaError,
  type ReadSpot,
  type RestoredEntry,
  type RestoreLimits,
} from './journal-reading.ts';
import { JournalCutter } from './journal-scan.ts';
import { largeSpot, largeSpotBytes } from './large-spot.ts';
import { backupVersion, journalPath } from './manifest.ts';
import type { OpenedBackup } from './open-backup.ts';
import { ProblemList } from './problem-list.ts';
import { RestorePhotos } from './restore-photos.ts';

const journalHeadSchema = z.object({
  version: z.literal(backupVersion),
  preferences: preferencesSchema,
  /** Saved searches; a backup made before them has none. */
  searches: boundedArray(backupSearchSchema, maxSavedSearches).optional(),
});
export type JournalHead = z.infer<typeof journalHeadSchema>;

const maxMemberBytes = 4 * 1024 * 1024;

/**
 * The journal of an opened backup, read a spot at a time (docs/files.md#restore): each spot
 * is parsed only when its turn comes and checked as POST /locations checks it, its photos read
 * and checked then, and nothing of it is kept once the caller has taken it. A limit crossed
 * (nesting, a spot's size, the account's quotas) throws at that spot, the rest unread; a spot
 * or photo that fails its checks is a problem, and left out.
 */
export class JournalReader {
  readonly problems = new ProblemList();
  private readonly head: Record<string, unknown> = {};
  /** The photos of the spots read so far; finish() sums the files none of them read. */
  private readonly photos: RestorePhotos;
  private count = 0;

  constructor(
    private readonly zip: BackupZip,
    private readonly backup: OpenedBackup,
    private readonly limits: RestoreLimits,
    /** Called between steps: gives other requests their turn (time-slice.ts). */
    private readonly pause: () => Promise<void>,
  ) {
    this.photos = new RestorePhotos(zip, backup, limits.inspectPhoto, this.problems);
  }

  /**
   * The spots that pass, in the journal's order, read as the journal inflates; throws at the
   * first limit crossed, and at the end if the journal's SHA-256 or size is not the manifest's
   * (nothing is committed before then).
   */
  async *spots(): AsyncGenerator<ReadSpot> {
    let sawLocations = false;
    const cutter = new JournalCutter({
      maxDepth: maxJournalDepth,
      maxElementBytes: maxSpotBytes,
      maxMemberBytes,
    });
    const hash = createHash('sha256');
    let size = 0;
    const stream = await this.zip.journalStream();
    const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    try {
      for (;;) {
        const next = await chunks.next().catch((error: unknown) => {
          throw importError(
            `${journalPath} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
        if (next.done) break;
        hash.update(next.value);
        size += next.value.length;
        for (const part of cutter.push(next.value)) {
          await this.pause();
          if ('arrayStarts' in part) {
            sawLocations = true;
            // The writer puts the version first: a journal of another version is refused
            // before its spots are read as this version's.
            if ('version' in this.head) this.checkVersion();
            continue;
          }
          if ('key' in part) {
            if (part.key === 'version' || part.key === 'preferences' || part.key === 'searches')
              this.head[part.key] = parseJson(part.value, journalPath);
            if (part.key === 'locations')
              throw importError(`${journalPath}: locations: not an array`);
            continue;
          }
          yield* this.spotOf(part.element);
        }
      }
    } finally {
      stream.destroy();
    }
    cutter.end();
    const expected = this.backup.files[journalPath];
    if (hash.digest('hex') !== expected?.sha256 || size !== expected.bytes)
      throw importError(`${journalPath}: its SHA-256 does not match the manifest's`);
    if (!sawLocations)
      throw importError(
        `${journalPath}: locations: Invalid input: expected array, received undefined`,
      );
  }

  /**
   * Once spots() is done: the journal's preferences (its version and preferences checked), and
   * every file no spot's photo was read from (thumbnails, files no spot lists) summed against
   * the manifest.
   */
  async finish(): Promise<JournalHead> {
    const head = journalHeadSchema.safeParse(this.head);
    if (!head.success) throw importError(`${journalPath}: ${firstIssue(head.error)}`);
    for (const name of this.zip.names()) {
      if (name === journalPath || this.photos.checked(name)) continue;
      const expected = this.backup.files[name];
      const sum = await this.zip.sum(name);
      if (sum.sha256 !== expected?.sha256 || sum.bytes !== expected.bytes)
        throw importError(`${name}: its SHA-256 does not match the manifest's`);
    }
    return head.data;
  }

  private checkVersion(): void {
    const version = journalHeadSchema.shape.version.safeParse(this.head.version);
    if (!version.success)
      throw importError(`${journalPath}: version: ${firstIssue(version.error)}`);
  }

  /**
   * One spot of the journal, checked, with the photos that pass; nothing when it is a problem. A
   * spot past `largeSpotBytes` comes in slices of its entries (largeSpot).
   */
  private async *spotOf(json: Buffer): AsyncGenerator<ReadSpot> {
    const { limits, problems } = this;
    this.count += 1;
    const at = `spot ${this.count}`;
    if (this.count > limits.maxSpots)
      throw quotaError(
        `${journalPath} holds more than ${limits.maxSpots} spots; an account holds at most ${limits.maxSpots}`,
      );
    if (json.length > largeSpotBytes && json[0] === 0x7b) {
      yield* largeSpot(json, at, {
        maxEntriesPerSpot: limits.maxEntriesPerSpot,
        problems,
        pause: this.pause,
        photosOf: (entry, index, where) => this.photos.of(entry, index, where),
      });
      return;
    }
    const raw = parseJson(json, `${journalPath} (${at})`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw importError(`${journalPath}: locations.${this.count - 1}: not an object`);
    const fields = raw as Record<string, unknown>;
    if (Array.isArray(fields.entries) && fields.entries.length > limits.maxEntriesPerSpot)
      throw quotaError(
        `${journalPath}: ${at} has ${fields.entries.length} entries; a spot holds at most ${limits.maxEntriesPerSpot}`,
      );
    const checked = checkSpot(at, fields);
    if ('problem' in checked) {
      problems.push(checked.problem);
      return;
    }
    const rawEntries = Array.isArray(fields.entries) ? (fields.entries as unknown[]) : [];
    const entries: RestoredEntry[] = [];
    for (const [index, entry] of checked.spot.entries.entries())
      entries.push({ ...entry, photos: await this.photos.of(rawEntries[index], index, at) });
    yield { spot: { ...checked.spot, entries }, jsonBytes: json.length, continues: false };
  }
}
