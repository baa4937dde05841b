/** Personal lists: categories, species, terrain and tree types. */
export function SettingsPage() {
  return (
    <div className="page">
      <h1>Settings</h1>
      <p className="page-lead">Make the journal speak your language.</p>
      <section className="next-panel next-panel-plain" aria-labelledby="settings-next">
        <h2 id="settings-next">What comes next</h2>
        <p>
          Here you will edit your species categories (mushrooms, berries, herbs to start with), the
          species in each, and your own terrain and tree types, so every entry offers the choices
          you actually use.
        </p>
      </section>
    </div>
  );
}
