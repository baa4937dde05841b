/** The list of spots arrives with the journal. */
export function LocationsPage() {
  return (
    <div className="page">
      <h1>Locations</h1>
      <p className="page-lead">All your spots, in one list.</p>
      <section className="next-panel next-panel-plain" aria-labelledby="locations-next">
        <h2 id="locations-next">What comes next</h2>
        <p>
          Once you add spots on the map, they are listed here: newest visit first, with their
          species, terrain and last entry. You will be able to search them, mark favourites and open
          a spot to read or add entries.
        </p>
      </section>
    </div>
  );
}
