import { useState } from 'react';
import {
  baseLayers,
  readDefaultBaseLayer,
  writeDefaultBaseLayer,
  type BaseLayer,
} from '../../lib/map-settings.ts';

const labels: Record<BaseLayer, string> = {
  streets: 'Streets',
  satellite: 'Satellite',
  topo: 'Topographic',
};

/** Which map the home screen opens with; kept on this device only (see map-settings.ts). */
export function BaseLayerSetting() {
  const [layer, setLayer] = useState<BaseLayer>(readDefaultBaseLayer);

  function choose(next: BaseLayer) {
    setLayer(next);
    writeDefaultBaseLayer(next);
  }

  return (
    <section className="card" aria-labelledby="base-layer-heading">
      <h2 id="base-layer-heading">Map</h2>
      <fieldset className="plain-fieldset">
        <legend>Default base layer on this device</legend>
        <div className="radio-row">
          {baseLayers.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="base-layer"
                value={option}
                checked={layer === option}
                onChange={() => choose(option)}
              />
              {labels[option]}
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
