import { shareLimits } from '@fj/contract/sharing';

interface Props {
  /** The spots to choose from, by id and name. */
  spots: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange(ids: string[]): void;
  disabled: boolean;
}

/** Which spots: one named plainly, several as boxes to untick (at most 100 in a share). */
export function ShareSpotPicker({ spots, chosen, onChange, disabled }: Props) {
  if (spots.length === 1) return <p className="share-spot-one">{spots[0]?.name}</p>;
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((kept) => kept !== id));
  return (
    <fieldset className="plain-fieldset">
      <legend>
        Spots ({chosen.length} of {spots.length})
      </legend>
      <div className="export-choices share-spot-choices">
        {spots.map((spot) => (
          <label key={spot.id}>
            <input
              type="checkbox"
              checked={chosen.includes(spot.id)}
              onChange={(event) => toggle(spot.id, event.target.checked)}
              disabled={disabled}
            />
            {spot.name}
          </label>
        ))}
      </div>
      {chosen.length > shareLimits.locations && (
        <p className="form-error" role="alert">
          A share holds at most {shareLimits.locations} spots: untick some.
        </p>
      )}
    </fieldset>
  );
}
