import { customBeyondDefaults } from '../../store/journal-defaults.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { AddNameForm } from './add-name-form.tsx';
import { TagList } from './tag-list.tsx';

interface OptionListSectionProps {
  kind: 'terrain' | 'tree';
}

const texts = {
  terrain: {
    title: 'Terrain types',
    lead: 'The built-in types stay; add the ones your woods and fields need.',
    label: 'New terrain type',
    remove: 'Remove terrain type',
  },
  tree: {
    title: 'Tree types',
    lead: 'The built-in trees stay; add the ones that grow where you forage.',
    label: 'New tree type',
    remove: 'Remove tree type',
  },
};

/**
 * Defaults shown but fixed; the user's own additions removable (docs/behaviour.md#journal-store). A saved name that
 * repeats a built-in one ("forest") shows once, as the built-in; the store still keeps it.
 */
export function OptionListSection({ kind }: OptionListSectionProps) {
  const lists = useJournalStore((state) =>
    kind === 'terrain' ? state.terrainOptions : state.treeOptions,
  );
  const add = useJournalStore((state) =>
    kind === 'terrain' ? state.addCustomTerrain : state.addCustomTree,
  );
  const remove = useJournalStore((state) =>
    kind === 'terrain' ? state.removeCustomTerrain : state.removeCustomTree,
  );
  const text = texts[kind];
  const headingId = `${kind}-heading`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.title}</h2>
      <p>{text.lead}</p>
      <TagList
        fixed={lists.default}
        removable={customBeyondDefaults(lists)}
        removeLabel={text.remove}
        onRemove={(name) => void remove(name)}
      />
      <AddNameForm label={text.label} existing={[...lists.default, ...lists.custom]} onAdd={add} />
    </section>
  );
}
