/** Colours that read on streets, satellite and topographic maps alike, and pass contrast with white text. */
const palette = [
  '#b5482a',
  '#7b4bb3',
  '#1f6fa8',
  '#2f7d32',
  '#a0661c',
  '#b0306a',
  '#4b6b1e',
  '#5a5f66',
];

// A Map, so a category called `constructor` is not looked up on Object.prototype.
const known = new Map([
  ['mushrooms', '#b5482a'],
  ['berries', '#7b4bb3'],
  ['herbs', '#2f7d32'],
]);

/** The same category always gets the same colour, on every screen and every device. */
export function categoryColor(category: string | undefined): string {
  if (!category) return '#5a5f66';
  const key = category.trim().toLowerCase();
  const fixed = known.get(key);
  if (fixed) return fixed;
  let hash = 0;
  for (const char of key) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palette[hash % palette.length] ?? '#5a5f66';
}

/** A location is coloured by its first category. */
export const locationColor = (categories: readonly string[] | undefined) =>
  categoryColor(categories?.[0]);
