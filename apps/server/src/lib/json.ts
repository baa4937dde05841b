/** JSON columns are written only by our own repositories, so a parse failure is a bug, not input. */
export function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

/** Drops null and undefined values so answers carry only the fields that are set. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined),
  ) as Partial<T>;
}

export const nowIso = () => new Date().toISOString();
