import { useId } from 'react';
import { baseLayers, type BaseLayer } from '../../lib/maps/base-layer.ts';

const labels: Record<BaseLayer, string> = {
  streets: 'Streets',
  satellite: 'Satellite',
  topo: 'Topo',
};

interface LayerSwitcherProps {
  value: BaseLayer;
  onChange(layer: BaseLayer): void;
}

/** Native radios: arrow keys, one tab stop and screen-reader grouping come for free. */
export function LayerSwitcher({ value, onChange }: LayerSwitcherProps) {
  const name = useId();
  return (
    <fieldset className="map-layers">
      <legend className="visually-hidden">Map type</legend>
      {baseLayers.map((layer) => (
        <label key={layer} className="map-layers-option" data-checked={layer === value}>
          <input
            type="radio"
            name={name}
            value={layer}
            checked={layer === value}
            onChange={() => onChange(layer)}
          />
          {labels[layer]}
        </label>
      ))}
    </fieldset>
  );
}
