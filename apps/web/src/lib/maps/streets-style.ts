import type { StyleSpecification } from 'maplibre-gl';

function isStyle(value: unknown): value is StyleSpecification {
  return (
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    'layers' in value &&
    Array.isArray(value.layers)
  );
}

/**
 * Fetches the streets style ourselves: an unreachable style URL handed to MapLibre leaves it
 * with no style at all (no background, no spots), whereas here it becomes `null` and the
 * plain background takes over. Never rejects.
 */
export async function loadStreetsStyle(url: string): Promise<StyleSpecification | null> {
  if (!url) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isStyle(body) ? body : null;
  } catch {
    return null;
  }
}
