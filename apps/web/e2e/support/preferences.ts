import type { Page } from 'playwright-core';

export interface PreferencesRecord {
  customSpeciesCategories: string[];
  customSpecies: Record<string, string[]>;
  customTerrainTypes: string[];
  customTreeTypes: string[];
  showTutorial: boolean;
}

/**
 * GET /api/v1/preferences with the page's own session (cookie → ID token → bearer). The page
 * hands over the JSON text, parsed here: Playwright rebuilds a returned object by assignment,
 * which would turn a `__proto__` category into the object's prototype.
 */
export async function readPreferences(page: Page): Promise<PreferencesRecord> {
  const text = await page.evaluate(async () => {
    const tokenAnswer = await fetch('/api/auth/token', { credentials: 'include' });
    const { token } = (await tokenAnswer.json()) as { token: string };
    const response = await fetch('/api/v1/preferences', {
      credentials: 'include',
      cache: 'no-store',
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET /preferences answered ${response.status}`);
    return response.text();
  });
  const body = JSON.parse(text) as { data?: PreferencesRecord } & PreferencesRecord;
  return body.data ?? body;
}

/** Resolves when the page's next PUT under /api/v1/preferences{path} has been answered. */
export function preferencesSaved(page: Page, path: string) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/v1/preferences${path}`) &&
      response.request().method() === 'PUT',
  );
}
