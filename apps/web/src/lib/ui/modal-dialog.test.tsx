import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog.tsx';

/** A dialog whose only button goes away when pressed, as "Cancel" does when a download ends. */
function Vanishing() {
  const [open, setOpen] = useState(true);
  const [innerOpen, setInnerOpen] = useState(false);
  const [done, setDone] = useState(false);
  if (!open) return <p>closed</p>;
  return (
    <ModalDialog title="Save this area" onClose={() => setOpen(false)} closeButton>
      {!done && (
        <button type="button" onClick={() => setDone(true)}>
          Finish
        </button>
      )}
      <button type="button" onClick={() => setInnerOpen(true)}>
        Open inner
      </button>
      {innerOpen && (
        <ModalDialog title="Inner" onClose={() => setInnerOpen(false)}>
          <p>inner</p>
        </ModalDialog>
      )}
    </ModalDialog>
  );
}

describe('ModalDialog', () => {
  it('has a Close button when asked', () => {
    render(<Vanishing />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('closes on Escape after the focused button went away', () => {
    render(<Vanishing />);
    const finish = screen.getByRole('button', { name: 'Finish' });
    finish.focus();
    fireEvent.click(finish);
    // Focus fell out of the panel with the button.
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(false);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('closes only the top dialog on such an Escape', () => {
    render(<Vanishing />);
    fireEvent.click(screen.getByRole('button', { name: 'Open inner' }));
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Save this area' })).toBeTruthy();
  });
});
