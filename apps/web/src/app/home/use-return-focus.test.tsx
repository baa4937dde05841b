import { render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReturnFocus } from './use-return-focus.ts';

/** A page with an opener, a fallback, and a panel that takes focus and can drop the opener. */
function Page({ open, withOpener = true }: { open: boolean; withOpener?: boolean }) {
  useReturnFocus(open, () =>
    [document.getElementById('fallback')].filter((e): e is HTMLElement => e !== null),
  );
  const [closeButton, setCloseButton] = useState<HTMLButtonElement | null>(null);
  if (closeButton && open) closeButton.focus();
  return (
    <>
      {withOpener && <button id="opener">Marker</button>}
      <button id="fallback">Add a spot</button>
      {open && (
        <aside>
          <button ref={setCloseButton}>Close</button>
        </aside>
      )}
    </>
  );
}

const byId = (id: string) => document.getElementById(id);

describe('useReturnFocus', () => {
  afterEach(() => document.body.replaceChildren());

  it('gives focus back to what opened the panel once it closes', () => {
    const view = render(<Page open={false} />);
    byId('opener')?.focus();
    view.rerender(<Page open />);
    expect(document.activeElement?.textContent).toBe('Close');
    view.rerender(<Page open={false} />);
    expect(document.activeElement).toBe(byId('opener'));
  });

  it('falls back when the opener went with the panel, never leaving focus on the body', () => {
    const view = render(<Page open={false} />);
    byId('opener')?.focus();
    view.rerender(<Page open />);
    view.rerender(<Page open={false} withOpener={false} />);
    expect(document.activeElement).toBe(byId('fallback'));
  });
});
