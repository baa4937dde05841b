/** The outcome of checking a new name against a list, before it reaches the store. */
export type NameCheck = { ok: true; name: string } | { ok: false; hint: string };

/**
 * docs/behaviour.md#validation: empty after trimming or already present → ignored. The store ignores them too;
 * checking here as well lets the page say why instead of doing nothing. Case is ignored, so
 * "Mint" next to "mint" is taken as the same word.
 */
export function checkNewName(raw: string, existing: readonly string[]): NameCheck {
  const name = raw.trim();
  if (!name) return { ok: false, hint: 'Type a name first.' };
  const key = name.toLocaleLowerCase();
  const same = existing.find((item) => item.trim().toLocaleLowerCase() === key);
  if (same !== undefined) return { ok: false, hint: `“${same}” is already in the list.` };
  return { ok: true, name };
}
