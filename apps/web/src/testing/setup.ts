import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
});

// findBy… waits up to 5 s for what it looks for instead of 1 s: beside the browser files in
// `npm test`, a lazy module's first load (the home page's map) has taken 1.7 s. A test whose
// element never shows still fails.
configure({ asyncUtilTimeout: 5_000 });
