import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * Renders `ui` inside an in-memory router that starts at `path`, the way every screen sits
 * inside the app's router. Pass `<Routes>` in `ui` when the test follows navigation.
 */
export function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}
