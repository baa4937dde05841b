import { usePointerVerb } from '../../lib/ui/pointer-verb.ts';

interface EmptyStateCardProps {
  onAdd(): void;
}

/** A new user's map is empty; this says how to fill it instead of showing a blank map. */
export function EmptyStateCard({ onAdd }: EmptyStateCardProps) {
  const verb = usePointerVerb();
  return (
    <section className="home-empty" aria-labelledby="home-empty-title">
      <span className="home-empty-mark" aria-hidden="true" />
      <h2 id="home-empty-title">Add your first spot</h2>
      <p>Keep the places where you find mushrooms, berries and herbs. You can:</p>
      <ul>
        <li>
          <strong>{verb.Tap} the map</strong> where you found something, or put it under the
          crosshair, after pressing “Add a spot”;
        </li>
        <li>
          <strong>Add a spot here</strong> (in “Add a spot”) when you are standing there;
        </li>
        <li>
          <strong>Search</strong> a place by name to fly there first.
        </li>
      </ul>
      <button type="button" className="button button-primary button-wide" onClick={onAdd}>
        Add a spot
      </button>
    </section>
  );
}
