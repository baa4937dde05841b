/**
 * A GET /preferences answer with one PUT under /preferences applied, as the server would apply
 * it (apps/server/src/modules/preferences/service.ts): what the device shows for a change still
 * in the outbox. An answer may name its lists either way (api/species-service.ts toSpeciesData);
 * the name it already uses is kept. A path this app does not write leaves the answer as it is.
 */
export function withPreferencesWrite(
  answer: Record<string, unknown>,
  path: string,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const name = (short: string, long: string) => (short in answer ? short : long);
  const categoriesKey = name('categories', 'customSpeciesCategories');
  const speciesKey = name('species', 'customSpecies');
  const listOf = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  const speciesNow = (): Record<string, unknown> => {
    const value = answer[speciesKey];
    return typeof value === 'object' && value !== null ? { ...value } : {};
  };
  const [section, ...rest] = path.split('/').filter(Boolean);
  switch (section) {
    case 'tutorial':
      return { ...answer, showTutorial: body.show };
    case 'terrain':
      return { ...answer, [name('terrainTypes', 'customTerrainTypes')]: body.terrainTypes };
    case 'trees':
      return { ...answer, [name('treeTypes', 'customTreeTypes')]: body.treeTypes };
    case 'categories': {
      // Categories that go lose their species lists; new ones start empty.
      const species = speciesNow();
      const categories = listOf(body.categories).map(String);
      const kept = Object.fromEntries(
        categories.map((category) => [
          category,
          Object.hasOwn(species, category) ? species[category] : [],
        ]),
      );
      return { ...answer, [categoriesKey]: categories, [speciesKey]: kept };
    }
    case 'species': {
      const category = decodeURIComponent(rest.join('/'));
      const categories = listOf(answer[categoriesKey]);
      return {
        ...answer,
        [categoriesKey]: categories.includes(category) ? categories : [...categories, category],
        [speciesKey]: { ...speciesNow(), [category]: body.species },
      };
    }
    default:
      return answer;
  }
}
