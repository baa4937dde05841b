import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';
import { speciesWrites, toSpeciesData } from './species-service.ts';

describe('toSpeciesData', () => {
  it('reads categories and species', () => {
    expect(
      toSpeciesData({ categories: ['herbs', 'berries'], species: { herbs: ['mint'] } }),
    ).toEqual({ categories: { herbs: ['mint'], berries: [] } });
  });

  it('reads customSpeciesCategories and customSpecies, with the custom lists', () => {
    expect(
      toSpeciesData({
        customSpeciesCategories: [' herbs ', '', 'herbs'],
        customSpecies: { herbs: ['mint', ' mint', '', 'thyme'] },
        customTerrainTypes: ['meadow'],
        customTreeTypes: ['oak'],
      }),
    ).toEqual({
      categories: { herbs: ['mint', 'thyme'] },
      terrainTypes: ['meadow'],
      treeTypes: ['oak'],
    });
  });

  it('takes the species map keys when no categories list is sent', () => {
    expect(toSpeciesData({ species: { herbs: ['mint'] } })).toEqual({
      categories: { herbs: ['mint'] },
    });
  });

  it('gives an empty map for anything else', () => {
    expect(toSpeciesData(null)).toEqual({ categories: {} });
  });
});

describe('speciesService', () => {
  let server: FakeFetch;
  beforeEach(() => {
    server = installFakeFetch();
    signedInServer(server);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function load() {
    vi.resetModules();
    return (await import('./species-service.ts')).speciesService;
  }

  it('gets species data from GET /preferences, cached unless forced', async () => {
    server.on('GET /api/v1/preferences', () =>
      json({ data: { customSpeciesCategories: ['herbs'], customSpecies: { herbs: ['mint'] } } }),
    );
    const service = await load();
    await expect(service.getSpeciesData()).resolves.toEqual({ categories: { herbs: ['mint'] } });
    await service.getSpeciesData();
    expect(server.callsTo('GET /api/v1/preferences')).toHaveLength(1);
    await service.getSpeciesData(true);
    expect(server.callsTo('GET /api/v1/preferences')).toHaveLength(2);
  });

  it('throws on failure, so the store can recover', async () => {
    server.on('PUT /api/v1/preferences/species/herbs', () => json({}, 500));
    const service = await load();
    await expect(service.write(speciesWrites.species('herbs', ['mint']))).rejects.toMatchObject({
      status: 500,
    });
  });

  it('writes each list to its endpoint', async () => {
    for (const path of ['categories', 'species/herbs', 'terrain', 'trees'])
      server.on(`PUT /api/v1/preferences/${path}`, () => json({}));
    const service = await load();
    await service.write(speciesWrites.categories(['herbs']));
    await service.write(speciesWrites.species('herbs', ['mint']));
    await service.write(speciesWrites.terrain(['meadow']));
    await service.write(speciesWrites.trees(['oak']));
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { categories: ['herbs'] },
      { species: ['mint'] },
      { terrainTypes: ['meadow'] },
      { treeTypes: ['oak'] },
    ]);
  });
});
