import { useState, type FormEvent } from 'react';
import {
  exportFormats,
  geoprivacyValues,
  maxExportIds,
  type ExportFormat,
  type Geoprivacy,
} from '@fj/contract/export';
import {
  downloadExport,
  type ExportFile,
  type ExportRequest,
} from '../../../lib/api/export-download.ts';
import { receivedSize } from '../../../lib/received-size.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { errorMessage } from '../../../lib/ui/error-message.ts';
import { ModalDialog } from '../../../lib/ui/modal-dialog.tsx';
import { useSubmit } from '../../../lib/ui/use-submit.ts';

export const formatLabels: Record<ExportFormat, string> = {
  geojson: 'GeoJSON',
  gpx: 'GPX (GPS devices, Gaia, OsmAnd)',
  kml: 'KML (Google Earth)',
  csv: 'CSV (spreadsheet)',
  inaturalist: 'iNaturalist CSV (observations upload)',
};

const geoprivacyLabels: Record<Geoprivacy, string> = {
  obscured: 'Obscured',
  open: 'Open',
  private: 'Private',
};

interface ExportDialogProps {
  /** How many spots the journal has. */
  total: number;
  /** The ids of the spots the filters show (all of them when nothing is filtered). */
  shownIds: readonly string[];
  onClose(): void;
  /** For tests; the API client's download and the browser's save otherwise. */
  download?: (request: ExportRequest, onProgress: (bytes: number) => void) => Promise<ExportFile>;
  save?: (file: ExportFile) => void | Promise<void>;
}

/** Choose a format and which spots, then download the file (docs/files.md#export). */
export function ExportDialog({
  total,
  shownIds,
  onClose,
  download = downloadExport,
  save = saveFile,
}: ExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>('geojson');
  const filtered = shownIds.length < total;
  const [scope, setScope] = useState<'all' | 'shown'>(filtered ? 'shown' : 'all');
  const [geoprivacy, setGeoprivacy] = useState<Geoprivacy>('obscured');
  const [received, setReceived] = useState(0);
  const { busy, error, setError, run } = useSubmit(errorMessage, { logAs: 'Export failed' });
  const tooMany = scope === 'shown' && shownIds.length > maxExportIds;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (tooMany) {
      setError(`Export at most ${maxExportIds} filtered spots at once, or all of them`);
      return;
    }
    setReceived(0);
    const done = await run(async () => {
      const file = await download(
        {
          format,
          ...(scope === 'shown' && filtered ? { ids: shownIds } : {}),
          ...(format === 'inaturalist' ? { geoprivacy } : {}),
        },
        setReceived,
      );
      await save(file);
    });
    if (done) onClose();
  }

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <ModalDialog title="Export spots" onClose={close}>
      <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="plain-fieldset">
          <legend>Format</legend>
          <div className="export-choices">
            {exportFormats.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="export-format"
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                  disabled={busy}
                />
                {formatLabels[value]}
              </label>
            ))}
          </div>
        </fieldset>
        {filtered && (
          <fieldset className="plain-fieldset">
            <legend>Spots</legend>
            <div className="export-choices">
              <label>
                <input
                  type="radio"
                  name="export-scope"
                  checked={scope === 'shown'}
                  onChange={() => setScope('shown')}
                  disabled={busy}
                />
                The {shownIds.length} shown by the filters
              </label>
              <label>
                <input
                  type="radio"
                  name="export-scope"
                  checked={scope === 'all'}
                  onChange={() => setScope('all')}
                  disabled={busy}
                />
                All {total} spots
              </label>
            </div>
          </fieldset>
        )}
        {format === 'inaturalist' && (
          <div className="field">
            <label htmlFor="export-geoprivacy">Geoprivacy on iNaturalist</label>
            <select
              id="export-geoprivacy"
              value={geoprivacy}
              onChange={(event) =>
                setGeoprivacy(geoprivacyValues.find((v) => v === event.target.value) ?? 'obscured')
              }
              disabled={busy}
            >
              {geoprivacyValues.map((value) => (
                <option key={value} value={value}>
                  {geoprivacyLabels[value]}
                </option>
              ))}
            </select>
          </div>
        )}
        {busy && (
          <p className="export-progress" role="status">
            <span className="spinner" aria-hidden="true" />
            {received > 0 ? `Downloading… ${receivedSize(received)}` : 'Preparing the file…'}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-quiet" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Exporting…' : 'Download'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
