import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { BaseLayer } from '../../lib/maps/base-layer.ts';
import { LayerSwitcher } from './layer-switcher.tsx';

function Harness({ onChange }: { onChange(layer: BaseLayer): void }) {
  const [value, setValue] = useState<BaseLayer>('streets');
  return (
    <LayerSwitcher
      value={value}
      onChange={(layer) => {
        setValue(layer);
        onChange(layer);
      }}
    />
  );
}

describe('LayerSwitcher', () => {
  it('is a labelled radio group with the current layer checked', () => {
    render(<Harness onChange={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Map type' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual([
      'Streets',
      'Satellite',
      'Topo',
    ]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Streets' }).checked).toBe(true);
  });

  it('reports the chosen layer', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Satellite' }));
    expect(onChange).toHaveBeenCalledWith('satellite');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Satellite' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Streets' }).checked).toBe(false);
  });
});
