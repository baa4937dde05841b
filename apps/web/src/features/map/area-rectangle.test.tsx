import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AreaRectangle } from './area-rectangle.tsx';

/** A map 1,000 px wide showing lng 0–10 and lat 50–40 from top to bottom (linear is enough here). */
const unproject = ([x, y]: [number, number]) => ({ lng: x / 100, lat: 50 - y / 100 });

function drag(from: [number, number], to: [number, number]) {
  const layer = screen.getByTestId('area-rectangle');
  fireEvent.pointerDown(layer, { clientX: from[0], clientY: from[1], pointerId: 1 });
  fireEvent.pointerMove(layer, { clientX: (from[0] + to[0]) / 2, clientY: to[1], pointerId: 1 });
  fireEvent.pointerMove(layer, { clientX: to[0], clientY: to[1], pointerId: 1 });
  fireEvent.pointerUp(layer, { clientX: to[0], clientY: to[1], pointerId: 1 });
}

describe('drawing the rectangle of an area to save', () => {
  it('answers the bbox of the dragged rectangle, whichever way it was drawn', () => {
    const onDone = vi.fn();
    render(<AreaRectangle unproject={unproject} onDone={onDone} onCancel={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain(
      'Drag across the map to mark the area to save',
    );
    drag([600, 300], [200, 700]);
    expect(onDone).toHaveBeenCalledExactlyOnceWith([2, 43, 6, 47]);
  });

  it('shows the rectangle while dragging', () => {
    const { container } = render(
      <AreaRectangle unproject={unproject} onDone={vi.fn()} onCancel={vi.fn()} />,
    );
    const layer = screen.getByTestId('area-rectangle');
    fireEvent.pointerDown(layer, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(layer, { clientX: 40, clientY: 260, pointerId: 1 });
    const box = container.querySelector<HTMLElement>('.map-rectangle');
    expect(box?.style.left).toBe('40px');
    expect(box?.style.top).toBe('100px');
    expect(box?.style.width).toBe('60px');
    expect(box?.style.height).toBe('160px');
  });

  it('takes a tap or a thin drag for nothing and keeps waiting', () => {
    const onDone = vi.fn();
    render(<AreaRectangle unproject={unproject} onDone={onDone} onCancel={vi.fn()} />);
    drag([300, 300], [305, 302]);
    drag([300, 300], [600, 308]);
    expect(onDone).not.toHaveBeenCalled();
    drag([300, 300], [600, 500]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('takes a drag whose lift comes before React has drawn the press (a slow device)', () => {
    const onDone = vi.fn();
    render(<AreaRectangle unproject={unproject} onDone={onDone} onCancel={vi.fn()} />);
    const layer = screen.getByTestId('area-rectangle');
    const pointer = (type: string, x: number, y: number) =>
      layer.dispatchEvent(
        new MouseEvent(type, { bubbles: true, clientX: x, clientY: y }) as PointerEvent,
      );
    // One act: React renders only after both events, as when the main thread is busy.
    act(() => {
      pointer('pointerdown', 200, 200);
      pointer('pointerup', 500, 600);
    });
    expect(onDone).toHaveBeenCalledExactlyOnceWith([2, 44, 5, 48]);
  });

  it('is left with Cancel or Escape', () => {
    const onCancel = vi.fn();
    render(<AreaRectangle unproject={unproject} onDone={vi.fn()} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
