/**
 * The one folding of text for matching: case and accents ignored ("Cèpe", "CEPE" and "cépe" all
 * fold to "cepe"). Done in TypeScript, the same on the server and the device, and stored in
 * columns both databases index (PostgreSQL's `unaccent` cannot be used in a generated column).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .normalize('NFC')
    .trim();
}

/** Two species names are one species when they fold to the same text. */
export const speciesKey = (name: string): string => foldText(name).replace(/\s+/g, ' ');
