import { categoryColor } from '../../lib/category-colors.ts';
import { speciesIn } from '../../lib/labels.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { AddNameForm } from './add-name-form.tsx';
import { TagList } from './tag-list.tsx';

function CategoryBlock({ category, species }: { category: string; species: string[] }) {
  const addSpecies = useJournalStore((state) => state.addSpecies);
  const removeSpecies = useJournalStore((state) => state.removeSpecies);
  const removeCategory = useJournalStore((state) => state.removeSpeciesCategory);
  const headingId = `category-${category.replace(/\W+/g, '-')}`;
  return (
    <section className="category-block" aria-labelledby={headingId}>
      <div className="category-head">
        <h3 id={headingId}>
          <span
            className="location-dot"
            style={{ background: categoryColor(category) }}
            aria-hidden="true"
          />
          {category}
        </h3>
        <button
          type="button"
          className="link-button"
          aria-label={`Remove category ${category}`}
          onClick={() => void removeCategory(category)}
        >
          Remove category
        </button>
      </div>
      <TagList
        removable={species}
        removeLabel="Remove species"
        onRemove={(name) => void removeSpecies(category, name)}
        emptyText="No species in this category yet."
      />
      <AddNameForm
        label={`New species in ${category}`}
        placeholder="Add a species"
        existing={species}
        onAdd={(name) => addSpecies(category, name)}
      />
    </section>
  );
}

/** Categories and their species: what an entry offers to pick from. */
export function SpeciesSection() {
  const categories = useJournalStore((state) => state.speciesCategories);
  const loading = useJournalStore((state) => state.speciesLoading);
  const error = useJournalStore((state) => state.speciesError);
  const fetchSpecies = useJournalStore((state) => state.fetchSpecies);
  const addCategory = useJournalStore((state) => state.addSpeciesCategory);
  const names = Object.keys(categories);

  return (
    <section className="card" aria-labelledby="species-heading">
      <h2 id="species-heading">Species categories</h2>
      <p>Group what you forage; each category keeps its own species list.</p>
      {error && (
        <p className="inline-alert" role="alert">
          {error}.{' '}
          <button type="button" className="link-button" onClick={() => void fetchSpecies(true)}>
            Retry
          </button>
        </p>
      )}
      {names.length === 0 && loading && (
        <p className="inline-hint" role="status">
          Loading your categories…
        </p>
      )}
      {names.length === 0 && !loading && !error && (
        <p className="inline-hint">No categories yet. Add your first one below.</p>
      )}
      {names.map((name) => (
        <CategoryBlock key={name} category={name} species={speciesIn(categories, name)} />
      ))}
      <div className="category-block">
        <AddNameForm
          label="New category"
          placeholder="Add a category"
          existing={names}
          onAdd={addCategory}
        />
      </div>
    </section>
  );
}
