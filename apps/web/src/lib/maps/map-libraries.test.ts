import { describe, expect, it } from 'vitest';
import { mapLibraryLoaders, mapLibraryNames } from './map-libraries.ts';

describe('the map libraries', () => {
  it("are the original product's four (docs/behaviour.md#maps), each with a loader", () => {
    expect(mapLibraryNames).toEqual(['marker', 'geometry', 'drawing', 'places']);
    expect(Object.keys(mapLibraryLoaders)).toEqual([...mapLibraryNames]);
  });

  it('geometry measures with turf', async () => {
    const geometry = await mapLibraryLoaders.geometry();
    const metres = geometry.distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 });
    expect(Math.round(metres / 1000)).toBe(111);
  });

  it('drawing is terra-draw with its MapLibre adapter', async () => {
    const drawing = await mapLibraryLoaders.drawing();
    expect(drawing.TerraDraw).toBeTypeOf('function');
    expect(drawing.TerraDrawMapLibreGLAdapter).toBeTypeOf('function');
  });

  it('places searches the geocoder', async () => {
    const places = await mapLibraryLoaders.places();
    expect(places.searchPlaces).toBeTypeOf('function');
  });
});
