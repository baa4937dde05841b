import { createContext, useContext, type ReactNode } from 'react';
import { MAPS_LIBRARIES } from '../lib/spec-constants.ts';

/** docs/behaviour.md#maps: the maps service is used with these libraries. */
export const mapLibraries = MAPS_LIBRARIES;

export interface MapsContextValue {
  libraries: readonly string[];
  /** False until the map arrives (the next issue brings MapLibre here). */
  loaded: boolean;
}

const placeholder: MapsContextValue = { libraries: mapLibraries, loaded: false };
const MapsContext = createContext<MapsContextValue>(placeholder);

export function MapsProvider({ children }: { children: ReactNode }) {
  return <MapsContext value={placeholder}>{children}</MapsContext>;
}

export function useMaps(): MapsContextValue {
  return useContext(MapsContext);
}
