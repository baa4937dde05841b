import { baseLayers, type BaseLayer } from '../../lib/maps/base-layer.ts';
import { useBaseLayer } from '../../lib/maps/use-maps.ts';
import { confirmDeviceSave } from './save-confirmation.ts';

const labels: Record<BaseLayer, string> = {
  streets: 'Streets',
  satellite: 'Satellite',
  topo: 'Topographic',
};

/** Which map the home screen opens with; kept on this device only (see lib/maps/base-layer.ts). */
export function BaseLayerSetting() {
  const { defaultLayer: layer, setDefaultLayer: choose } = useBaseLayer();

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
                onChange={() => {
                  choose(option);
                  confirmDeviceSave();
                }}
              />
              {labels[option]}
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
