import type { Location } from '@fj/contract/locations';
import { locationColor } from '../../lib/category-colors.ts';

export interface SpotLook {
  name: string;
  color: string;
  icon: string;
}

/**
 * A spot's marker: its first category's initial on its colour. Letters, not emoji: a WebView
 * or browser without an emoji font draws an empty box instead.
 */
export function spotLook(location: Location): SpotLook {
  const category = location.categories?.[0]?.trim() ?? '';
  const icon = category.charAt(0).toUpperCase() || '•';
  return { name: location.name, color: locationColor(location.categories), icon };
}

/** Looks for every spot, by id, made once per list of spots. */
export function spotLooks(locations: readonly Location[]): Map<string, SpotLook> {
  return new Map(locations.map((location) => [location.id, spotLook(location)]));
}
