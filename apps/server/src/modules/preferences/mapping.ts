import {
  createPreferencesSchema,
  type CreatePreferencesInput,
  type Preferences,
} from '@fj/contract/preferences';
import type { PreferencesTable } from '../../db/schema.ts';
import { nowIso, parseJson } from '../../lib/json.ts';

/** A new record: the lists as JSON text, the tutorial shown, written at this revision. */
export function toRow(input: CreatePreferencesInput, revision: number): PreferencesTable {
  const now = nowIso();
  return {
    id: input.id,
    name: input.name,
    email: input.email,
    custom_species_categories: JSON.stringify(input.customSpeciesCategories),
    custom_species: JSON.stringify(input.customSpecies),
    custom_terrain_types: JSON.stringify(input.customTerrainTypes),
    custom_tree_types: JSON.stringify(input.customTreeTypes),
    show_tutorial: 1,
    created_at: now,
    updated_at: now,
    revision,
  };
}

export function toPreferences(row: PreferencesTable): Preferences {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    customSpeciesCategories: parseJson(row.custom_species_categories),
    customSpecies: parseJson(row.custom_species),
    customTerrainTypes: parseJson(row.custom_terrain_types),
    customTreeTypes: parseJson(row.custom_tree_types),
    showTutorial: Boolean(row.show_tutorial),
  };
}

/** The record of a user who has not written one: the defaults (docs/behaviour.md#defaults). */
export const defaultPreferencesRow = (userId: string, revision: number): PreferencesTable =>
  toRow(createPreferencesSchema.parse({ id: userId }), revision);
