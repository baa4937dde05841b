import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

export const sheetHeights = ['peek', 'half', 'full'] as const;
export type SheetHeight = (typeof sheetHeights)[number];

/** What each height leaves of the screen (kept in step with map.css's .home-panel[data-height]). */
export function sheetPixels(height: SheetHeight, viewport: number): number {
  if (height === 'peek') return Math.min(176, viewport * 0.3);
  if (height === 'half') return viewport * 0.5;
  return viewport * 0.92;
}

function nearest(pixels: number, viewport: number): SheetHeight {
  let best: SheetHeight = 'half';
  for (const height of sheetHeights)
    if (
      Math.abs(sheetPixels(height, viewport) - pixels) <
      Math.abs(sheetPixels(best, viewport) - pixels)
    )
      best = height;
  return best;
}

const words: Record<SheetHeight, string> = { peek: 'small', half: 'half', full: 'full' };

interface SheetGripProps {
  height: SheetHeight;
  onHeight(height: SheetHeight): void;
  /** While dragging: the sheet's height in pixels, or null once it snaps. */
  onDrag(pixels: number | null): void;
}

/**
 * The bottom sheet's grip: drag it between peek, half and full (it snaps to the nearest), tap
 * it to go one step up (from full, back to peek), or use the arrow keys.
 */
export function SheetGrip({ height, onHeight, onDrag }: SheetGripProps) {
  const drag = useRef<{ startY: number; startPixels: number; moved: boolean } | null>(null);
  const index = sheetHeights.indexOf(height);

  function down(event: PointerEvent<HTMLButtonElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      startY: event.clientY,
      startPixels: sheetPixels(height, window.innerHeight),
      moved: false,
    };
  }

  function move(event: PointerEvent<HTMLButtonElement>) {
    const state = drag.current;
    if (!state) return;
    const delta = state.startY - event.clientY;
    if (Math.abs(delta) > 6) state.moved = true;
    if (state.moved) onDrag(Math.max(64, state.startPixels + delta));
  }

  function up(event: PointerEvent<HTMLButtonElement>) {
    const state = drag.current;
    drag.current = null;
    onDrag(null);
    if (!state) return;
    if (state.moved)
      onHeight(nearest(state.startPixels + state.startY - event.clientY, window.innerHeight));
    else onHeight(sheetHeights[(index + 1) % sheetHeights.length] ?? 'half');
  }

  function key(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = sheetHeights[Math.min(2, Math.max(0, index + step))];
    if (next) onHeight(next);
  }

  return (
    <button
      type="button"
      className="home-panel-grip"
      aria-label={`Resize the panel (now ${words[height]})`}
      data-height={height}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => {
        drag.current = null;
        onDrag(null);
      }}
      onKeyDown={key}
      // A click from the keyboard (Enter/Space) steps like a tap; pointer clicks are handled in up().
      onClick={(event) => {
        if (event.detail === 0) onHeight(sheetHeights[(index + 1) % sheetHeights.length] ?? 'half');
      }}
    />
  );
}
