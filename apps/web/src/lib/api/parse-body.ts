/** An answer's body: JSON when it is JSON, the text otherwise, undefined when empty. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
