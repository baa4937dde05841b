import { describe, expect, it } from 'vitest';
import { speciesPath } from './preferences-endpoints.ts';
import { withPreferencesWrite } from './preferences-patch.ts';

const answer = {
  showTutorial: true,
  customSpeciesCategories: ['mushrooms', 'berries'],
  customSpecies: { mushrooms: ['cep'], berries: ['bilberry'] },
  customTerrainTypes: ['forest'],
  customTreeTypes: ['oak'],
};

describe('a queued preferences PUT applied to the cached answer, as the server applies it', () => {
  it('sets the tutorial flag and the terrain and tree lists', () => {
    let next = withPreferencesWrite(answer, '/tutorial', { show: false });
    next = withPreferencesWrite(next, '/terrain', { terrainTypes: ['forest', 'scree'] });
    next = withPreferencesWrite(next, '/trees', { treeTypes: [] });
    expect(next).toMatchObject({
      showTutorial: false,
      customTerrainTypes: ['forest', 'scree'],
      customTreeTypes: [],
    });
    expect(answer.showTutorial).toBe(true);
  });

  it('categories that go lose their species; a species list adds its category', () => {
    const fewer = withPreferencesWrite(answer, '/categories', {
      categories: ['mushrooms', 'herbs'],
    });
    expect(fewer).toMatchObject({
      customSpeciesCategories: ['mushrooms', 'herbs'],
      customSpecies: { mushrooms: ['cep'], herbs: [] },
    });
    const more = withPreferencesWrite(answer, speciesPath('nuts / seeds'), { species: ['hazel'] });
    expect(more).toMatchObject({
      customSpeciesCategories: ['mushrooms', 'berries', 'nuts / seeds'],
      customSpecies: { mushrooms: ['cep'], 'nuts / seeds': ['hazel'] },
    });
  });

  it('keeps the names an answer already uses', () => {
    const short = { categories: ['a'], species: { a: [] } };
    expect(withPreferencesWrite(short, speciesPath('a'), { species: ['x'] })).toEqual({
      categories: ['a'],
      species: { a: ['x'] },
    });
  });
});
