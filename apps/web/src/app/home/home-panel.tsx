import { useEffect, useRef, useState, type ReactNode } from 'react';
import { onWindowEvent } from '../../lib/window-events.ts';
import { SheetGrip, type SheetHeight } from './sheet-grip.tsx';

interface HomePanelProps {
  label: string;
  onClose(): void;
  /** Off when the content brings its own close button (the spot details do). */
  closable?: boolean;
  children: ReactNode;
  /** The bottom sheet's height when it opens on a phone. */
  initialHeight?: SheetHeight;
}

/**
 * The details area: a side panel on wide screens, a bottom sheet on phones (CSS decides).
 * On phones it behaves like a modal for the back button: a close request shuts it, unless an
 * open dialog inside it already handled the request (that dialog calls preventDefault).
 */
export function HomePanel({
  label,
  onClose,
  closable = true,
  children,
  initialHeight = 'half',
}: HomePanelProps) {
  const [height, setHeight] = useState<SheetHeight>(initialHeight);
  const [dragged, setDragged] = useState<number | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(
    () =>
      onWindowEvent('closeTopModal', (event) => {
        if (event.defaultPrevented) return;
        event.preventDefault();
        closeRef.current();
      }),
    [],
  );

  return (
    <aside
      className="home-panel"
      aria-label={label}
      data-height={height}
      data-dragging={dragged !== null}
      style={dragged === null ? undefined : { height: `${dragged}px`, maxHeight: 'none' }}
    >
      <SheetGrip height={height} onHeight={setHeight} onDrag={setDragged} />
      {closable && (
        <button
          type="button"
          className="home-panel-close"
          aria-label="Close panel"
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
      <div className="home-panel-body">{children}</div>
    </aside>
  );
}
