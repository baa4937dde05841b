import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useMapsService } from '../lib/maps/maps-provider.tsx';
import { loadJournalStore } from './journal-session.ts';
import { preloadSignedInPage } from './pages.ts';

/**
 * What a signed-in page needs, asked for all at once as soon as the user is known, instead of
 * one after the other as each part reaches the next (docs/behaviour.md#page-loading): the
 * signed-in frame and the page's script; on the home page also the map library, the map
 * settings with their streets style, and the journal's spots. Each of these is asked for once, whoever asks first.
 */
export function useSignedInWarmUp(signedIn: boolean): void {
  const { pathname } = useLocation();
  const maps = useMapsService();
  useEffect(() => {
    if (!signedIn) return;
    preloadSignedInPage(pathname);
    if (pathname !== '/') return;
    maps.requestStreetsStyle();
    maps.requestLibrary('marker');
    // The session told the store who is signed in before it reported the user, so by now the
    // store knows (journal-session.ts keeps the order); the fetch skips itself otherwise.
    void loadJournalStore().then(({ useJournalStore }) => {
      const journal = useJournalStore.getState();
      if (journal.userId) void journal.fetchLocations();
    });
  }, [signedIn, pathname, maps]);
}
