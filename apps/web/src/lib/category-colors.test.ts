import { describe, expect, it } from 'vitest';
import { categoryColor, locationColor } from './category-colors.ts';

describe('category colours', () => {
  it('gives the default categories their own colours', () => {
    const colours = new Set(['mushrooms', 'berries', 'herbs'].map(categoryColor));
    expect(colours.size).toBe(3);
  });

  it('is stable and ignores case and spaces', () => {
    expect(categoryColor(' Nuts ')).toBe(categoryColor('nuts'));
    expect(categoryColor('Mushrooms')).toBe(categoryColor('mushrooms'));
  });

  it('colours a location by its first category, and one without any in grey', () => {
    expect(locationColor(['berries', 'herbs'])).toBe(categoryColor('berries'));
    expect(locationColor([])).toBe('#5a5f66');
    expect(locationColor(undefined)).toBe('#5a5f66');
  });

  it.each(['constructor', 'toString', '__proto__'])('gives %s a palette colour', (name) => {
    expect(categoryColor(name)).toMatch(/^#[0-9a-f]{6}$/);
  });
});
