import type { SharedLocation } from '@fj/contract/sharing';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeLocation } from '../../testing/factories.ts';
import {
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';

// MapLibre needs WebGL: the map is the e2e tests' (share-grantee.e2e.ts); here, what it is given.
vi.mock('./preview-map.tsx', () => ({
  PreviewMap: ({ locations }: { locations: SharedLocation[] }) => (
    <p data-testid="preview-map">{JSON.stringify(locations.map((l) => l.area ?? l.position))}</p>
  ),
}));

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [13.98, 45.61],
      [13.99, 45.61],
      [13.99, 45.62],
      [13.98, 45.62],
      [13.98, 45.61],
    ] as [number, number][],
  ],
};
const share = {
  id: 's1',
  audience: { email: 'ben@example.com' },
  locationIds: ['l1'],
  precision: 'cell02',
  dates: 'month',
  include: { finds: false, notes: false, photos: false },
  status: 'accepted',
  expiresAt: '2099-12-01T12:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastUsedAt: null,
  useCount: 0,
} as const;

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
  signedInServer(server);
  server.on('POST /api/v1/shares/preview', (call) => {
    const { precision } = call.body as { precision: string };
    const spot = { id: 'opaque', name: 'Birch slope', entries: [{ id: 'e', date: '2026-08' }] };
    return json({ data: { locations: [precision === 'km1' ? { ...spot, area: square } : spot] } });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function open(props: Record<string, unknown>) {
  vi.resetModules();
  const { useJournalStore } = await import('../../store/journal-store.ts');
  useJournalStore.setState({ locations: [makeLocation({ id: 'l1', name: 'Birch slope' })] });
  const { ShareDialog } = await import('./share-dialog.tsx');
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(<ShareDialog onClose={onClose} onSaved={onSaved} {...props} />);
  return { onClose, onSaved };
}

const bodyOf = (key: string) => server.callsTo(key).at(-1)?.body as Record<string, unknown>;

describe('ShareDialog (docs/behaviour.md#sharing)', () => {
  it("previews the server's projection of each choice before anything is made", async () => {
    await open({ locationIds: ['l1'] });
    expect(await screen.findByText('Its place is not shared')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Within 1 km (the 0.01° square holding it)'));
    expect(
      await screen.findByText(
        'Somewhere in the 1 km square 45.61° N to 45.62° N, 13.98° E to 13.99° E',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('preview-map').textContent).toContain('[13.98,45.61]');
    expect(bodyOf('POST /api/v1/shares/preview')).toEqual({
      locationIds: ['l1'],
      precision: 'km1',
      dates: 'month',
      include: { finds: false, notes: false, photos: false },
    });
    expect(screen.getByText('They see: names, within 1 km, visit dates by month.')).toBeTruthy();
    expect(server.callsTo('POST /api/v1/shares')).toEqual([]);
  });

  it('invites by e-mail with the choices and says where the invitation went', async () => {
    server.on('POST /api/v1/shares', () => json({ data: { id: 's9' } }, 201));
    const { onSaved } = await open({ locationIds: ['l1'] });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Enter the e-mail address to invite',
    );
    fireEvent.change(screen.getByLabelText('Their e-mail address'), {
      target: { value: ' ben@example.com ' },
    });
    fireEvent.click(screen.getByLabelText('Finds'));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(/An invitation went to ben@example.com/)).toBeTruthy();
    expect(bodyOf('POST /api/v1/shares')).toMatchObject({
      locationIds: ['l1'],
      audience: { email: 'ben@example.com' },
      precision: 'cell02',
      dates: 'month',
      include: { finds: true, notes: false, photos: false },
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('shows a new link once, to copy', async () => {
    server.on('POST /api/v1/shares', () =>
      json({ data: { id: 's9', url: 'https://journal.example/s/#tok' } }, 201),
    );
    await open({ locationIds: ['l1'] });
    fireEvent.click(screen.getByLabelText('Anyone with a link'));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByDisplayValue('https://journal.example/s/#tok')).toBeTruthy();
    expect(bodyOf('POST /api/v1/shares')).toMatchObject({ audience: { link: true } });
  });

  it('changes a share with only what was changed (PATCH), then closes', async () => {
    server.on('PATCH /api/v1/shares/s1', () => json({ data: { ...share, dates: 'year' } }));
    const { onClose, onSaved } = await open({ share });
    expect(screen.queryByLabelText('Their e-mail address')).toBeNull();
    fireEvent.click(screen.getByLabelText('Year (2026)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(bodyOf('PATCH /api/v1/shares/s1')).toEqual({ dates: 'year' });
    expect(onSaved).toHaveBeenCalledOnce();
  });
});
