import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomePanel } from '../app/home/home-panel.tsx';
import { ModalDialog } from '../lib/ui/modal-dialog.tsx';
import { browserBackButtonActions, handleBackButton } from './back-button.ts';

/** A bottom sheet (the home panel) that may hold a dialog, as on the home page. */
function SheetWithDialog({ dialog }: { dialog: boolean }) {
  const [sheetOpen, setSheetOpen] = useState(true);
  const [dialogOpen, setDialogOpen] = useState(dialog);
  if (!sheetOpen) return <p>map only</p>;
  return (
    <HomePanel label="Spot" onClose={() => setSheetOpen(false)}>
      <p>spot details</p>
      {dialogOpen && (
        <ModalDialog title="Delete this spot?" onClose={() => setDialogOpen(false)}>
          <button type="button">Delete</button>
        </ModalDialog>
      )}
    </HomePanel>
  );
}

function press(path: string, canGoBack: boolean) {
  const goBack = vi.spyOn(window.history, 'back').mockImplementation(() => {});
  const exitApp = vi.fn();
  let outcome = '';
  act(() => {
    outcome = handleBackButton(
      { menuOpen: false, canGoBack, path },
      browserBackButtonActions(exitApp),
    );
  });
  return { outcome, goBack, exitApp };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the back button with the real dialog and bottom sheet', () => {
  it('a modal closed, so no history step (and the sheet under it stays)', () => {
    render(<SheetWithDialog dialog />);
    const { outcome, goBack, exitApp } = press('/', true);
    expect(outcome).toBe('closed-modal');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('spot details')).toBeTruthy();
    expect(goBack).not.toHaveBeenCalled();
    expect(exitApp).not.toHaveBeenCalled();
  });

  it('bottom sheet closed, so no exit on /', () => {
    render(<SheetWithDialog dialog={false} />);
    const { outcome, goBack, exitApp } = press('/', false);
    expect(outcome).toBe('closed-modal');
    expect(screen.getByText('map only')).toBeTruthy();
    expect(exitApp).not.toHaveBeenCalled();
    expect(goBack).not.toHaveBeenCalled();
  });

  it('nothing open: the next press exits on /', () => {
    render(<SheetWithDialog dialog={false} />);
    press('/', false);
    const { outcome, exitApp } = press('/', false);
    expect(outcome).toBe('exited');
    expect(exitApp).toHaveBeenCalledOnce();
  });
});
