/** The full-height placeholder while a page's script loads. */
export function PageLoader() {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
