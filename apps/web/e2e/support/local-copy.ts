import type { Page } from 'playwright-core';

export interface LocalSpot {
  lat: number;
  lng: number;
}

/**
 * Writes these locations (contract shape, entries inside) into the signed-in user's local copy
 * in the page's IndexedDB as a sync would, in one transaction. The database is the one the app
 * made on its first signed-in visit. Sent as text, not a function: the web bench runs through
 * tsx, whose helpers a function handed to the page would call but not find.
 */
export async function putLocalCopy(
  page: Page,
  locations: readonly { id: string }[],
): Promise<void> {
  const script = `(async (locations) => {
    const session = await (await fetch('/api/auth/get-session')).json();
    const db = await new Promise((resolve, reject) => {
      const opening = indexedDB.open('fj-journal-' + session.user.id);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const tx = db.transaction(['locations', 'meta'], 'readwrite');
    for (const location of locations) tx.objectStore('locations').put(location, location.id);
    tx.objectStore('meta').put(Date.now(), 'syncedAt');
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  })(${JSON.stringify(locations)})`;
  await page.evaluate(script);
}

/** The local copy of these spots, each with `entriesEach` plain entries (putLocalCopy). */
export async function fillLocalCopy(
  page: Page,
  spots: readonly LocalSpot[],
  entriesEach: number,
): Promise<void> {
  const stamp = new Date().toISOString();
  const locations = spots.map((position, i) => {
    const id = '00000000-0000-4000-8000-' + String(i).padStart(12, '0');
    const entries = Array.from({ length: entriesEach }, (_, j) => ({
      id: '00000000-0000-4000-9000-' + String(i * 1000 + j).padStart(12, '0'),
      locationId: id,
      date: '2024-09-14',
      notes: 'Visit ' + j,
      photos: [],
      createdAt: stamp,
      updatedAt: stamp,
    }));
    return {
      id,
      name: 'Spot ' + i,
      position,
      favorite: false,
      createdAt: stamp,
      updatedAt: stamp,
      entries,
    };
  });
  await putLocalCopy(page, locations);
}

/**
 * An init script that sets window.coldStartDone (performance.now()) on the first frame after
 * the map's live region counts `expected` ("2000 spots on the map").
 */
export const doneWhenMapSays = (expected: string) => `
  const observer = new MutationObserver(() => {
    const region = document.querySelector('[data-testid="map-spot-count"]');
    if (region?.textContent !== ${JSON.stringify(expected)} || !document.querySelector('.map-cluster')) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.coldStartDone = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
`;
