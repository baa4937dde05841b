interface HomeStatusProps {
  loading: boolean;
  error: string | null;
  onRetry(): void;
}

/** Loading and failure of the spot list, floating over the map so the map stays usable. */
export function HomeStatus({ loading, error, onRetry }: HomeStatusProps) {
  if (error)
    return (
      <div className="home-status home-status-error" role="alert">
        <span>{error}</span>
        <button type="button" className="button button-primary" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  if (loading)
    return (
      <div className="home-status" role="status">
        <span className="spinner" aria-hidden="true" /> Loading your spots…
      </div>
    );
  return null;
}
