import { useEffect, useRef, useState, type ReactNode } from 'react';

interface MenuButtonProps {
  label: string;
  icon: string;
  children: ReactNode;
  /** Given when the owner closes the panel itself (after one of its actions). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

/**
 * A round control that opens a small panel beside it: the map type and the saved areas live
 * here, so nothing floats over the map's middle. Escape or a second press closes it, and focus
 * goes back to the button.
 */
export function MapMenuButton({ label, icon, children, ...control }: MenuButtonProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = control.open ?? ownOpen;
  const setOpen = control.onOpenChange ?? setOwnOpen;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('input:checked, button')?.focus();
  }, [open]);
  return (
    <div
      className="map-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        buttonRef.current?.focus();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="map-control"
        aria-label={label}
        title={label}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className={`map-control-icon ${icon}`} aria-hidden="true" />
      </button>
      {open && (
        <div ref={panelRef} className="map-menu-panel" role="group" aria-label={label}>
          {children}
        </div>
      )}
    </div>
  );
}

interface ZoomButtonsProps {
  onZoom(delta: 1 | -1): void;
}

export function ZoomButtons({ onZoom }: ZoomButtonsProps) {
  return (
    <div className="map-zoom" role="group" aria-label="Zoom">
      <button type="button" className="map-control" aria-label="Zoom in" onClick={() => onZoom(1)}>
        <span aria-hidden="true">+</span>
      </button>
      <button
        type="button"
        className="map-control"
        aria-label="Zoom out"
        onClick={() => onZoom(-1)}
      >
        <span aria-hidden="true">−</span>
      </button>
    </div>
  );
}
