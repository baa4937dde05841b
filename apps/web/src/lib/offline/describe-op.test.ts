import type { Location } from '@fj/contract/locations';
import { describe, expect, it } from 'vitest';
import { formatVisitDate } from '../dates.ts';
import { describeOp, namesIn } from './describe-op.ts';

const spot = (id: string, name: string, entries: { id: string; date: string }[] = []) =>
  ({ id, name, entries }) as unknown as Location;

describe('describeOp', () => {
  const shown = [
    spot('a', 'Birch slope', [{ id: 'e1', date: '2025-08-15' }]),
    spot('n', 'New dell'),
  ];
  const server = [spot('a', 'Birch slope', [{ id: 'e0', date: '2024-07-01' }]), spot('d', 'Gone')];
  const names = namesIn(shown, server);

  it('names the spot and the entry by its date', () => {
    const day = formatVisitDate('2025-08-15');
    expect(
      describeOp(
        { kind: 'updateEntry', locationId: 'a', entryId: 'e1', changes: { notes: 'x' } },
        names,
      ),
    ).toBe(`Changes to the entry of ${day} at “Birch slope”: notes`);
    expect(
      describeOp(
        { kind: 'createEntry', locationId: 'n', entry: { id: 'e2', date: '2025-08-15' } },
        names,
      ),
    ).toBe(`New entry of ${day} at “New dell”`);
  });

  it('finds what was deleted offline in the server’s copy', () => {
    expect(describeOp({ kind: 'deleteEntry', locationId: 'a', entryId: 'e0' }, names)).toBe(
      `Delete the entry of ${formatVisitDate('2024-07-01')} at “Birch slope”`,
    );
    expect(describeOp({ kind: 'deleteLocation', id: 'd' }, names)).toBe('Delete “Gone”');
  });

  it('says "a spot" and "an entry" only when neither copy has them', () => {
    expect(describeOp({ kind: 'deleteEntry', locationId: 'x', entryId: 'y' }, names)).toBe(
      'Delete an entry at a spot',
    );
  });
});
