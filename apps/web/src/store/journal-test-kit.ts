import type { Entry } from '@fj/contract/entries';
import type { Location } from '@fj/contract/locations';
import { afterEach, beforeEach, vi } from 'vitest';
import { useJournalStore } from './journal-store.ts';
import {
  installFakeFetch,
  json,
  signedInServer,
  type FakeFetch,
} from '../lib/test-support/fake-fetch.ts';
import { installFakeXhr, type FakeXhr } from '../lib/test-support/fake-xhr.ts';

export const speciesCategories = {
  mushrooms: ['chanterelle', 'morel'],
  berries: ['blackberry'],
  herbs: ['mint'],
};

export function makeEntry(id: string, date: string, extra: Partial<Entry> = {}): Entry {
  return {
    id,
    locationId: 'l1',
    date,
    photos: [],
    createdAt: `${date}T10:00:00.000Z`,
    updatedAt: `${date}T10:00:00.000Z`,
    ...extra,
  };
}

export function makeSpot(extra: Partial<Location> = {}): Location {
  return {
    id: 'l1',
    name: 'Oak ridge',
    position: { lat: 51.5, lng: -0.1 },
    favorite: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    entries: [],
    ...extra,
  };
}

/**
 * Component tests use the real store and API client; the edges (fetch, XMLHttpRequest) are
 * fakes. Only Date is faked, so Testing Library's waitFor keeps its real timers.
 */
export function setUpJournalTests() {
  const handles = {} as { server: FakeFetch; uploads: FakeXhr[] };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-06-01T12:00:00'));
    localStorage.clear();
    handles.server = installFakeFetch();
    signedInServer(handles.server);
    handles.server.on('GET /api/v1/preferences', () => json({ data: {} }));
    handles.uploads = installFakeXhr();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useJournalStore.setState({ userId: 'user-1', speciesCategories, locations: [makeSpot()] });
  });
  afterEach(() => {
    useJournalStore.setState({ userId: null, locations: [] });
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return handles;
}
