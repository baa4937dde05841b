import { afterEach, beforeEach, vi } from 'vitest';
import { useJournalStore } from '../store/journal-store.ts';
import { makeLocation } from './factories.ts';
import { installFakeFetch, json, signedInServer, type FakeFetch } from './fake-fetch.ts';
import { installFakeXhr, type FakeXhr } from './fake-xhr.ts';
import { oakRidge, speciesCategories } from './fixtures.ts';

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
    useJournalStore.setState({
      userId: 'user-1',
      speciesCategories,
      locations: [makeLocation(oakRidge)],
    });
  });
  afterEach(() => {
    useJournalStore.setState({ userId: null, locations: [] });
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return handles;
}
