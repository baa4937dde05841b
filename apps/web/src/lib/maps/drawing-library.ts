import { TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';

/** The "drawing" library: terra-draw and its MapLibre adapter, for drawing a patch. */
export const drawingLibrary = {
  TerraDraw,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  TerraDrawMapLibreGLAdapter,
};
export type DrawingLibrary = typeof drawingLibrary;
