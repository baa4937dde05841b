import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ImportPreview, ImportResult } from '@fj/contract/import';
import {
  previewImport,
  runImport,
  type ImportProgress,
  type ImportRequest,
} from '../../../lib/api/import-upload.ts';
import { errorMessage } from '../../../lib/ui/error-message.ts';
import { ModalDialog } from '../../../lib/ui/modal-dialog.tsx';
import { UploadProgress } from '../../../lib/ui/upload-bar.tsx';
import { useSubmit } from '../../../lib/ui/use-submit.ts';
import {
  columnLabels,
  csvHeader,
  defaultChoice,
  mappingOf,
  requiredColumns,
  type ColumnChoice,
} from './csv-mapping.ts';
import { ImportMapping } from './import-mapping.tsx';
import { ImportProblems, ImportSpots, previewLine, resultLine } from './import-summary.tsx';

/** The extensions the server tells a format by (docs/files.md#import). */
const extensions = ['geojson', 'json', 'gpx', 'kml', 'kmz', 'csv'];
const accept = extensions.map((extension) => `.${extension}`).join(',');
const extensionOf = (name: string) => name.toLowerCase().split('.').pop() ?? '';

type Step =
  | { kind: 'pick' }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'done'; result: ImportResult };

interface ImportDialogProps {
  onClose(): void;
  /** After an import wrote spots: the journal fetches the changes. */
  onImported(result: ImportResult): void;
  /** For tests; the API client's upload otherwise. */
  preview?: (request: ImportRequest, onProgress: ImportProgress) => Promise<ImportPreview>;
  run?: (request: ImportRequest, onProgress: ImportProgress) => Promise<ImportResult>;
}

/**
 * Pick a file, map a CSV's columns, see what would be created and what cannot be read, then
 * import it in one go (docs/files.md#import). A failure keeps the file and the mapping.
 */
export function ImportDialog({
  onClose,
  onImported,
  preview = previewImport,
  run: runUpload = runImport,
}: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  // CSV only: the file's header and which column is which of ours.
  const [header, setHeader] = useState<string[] | null>(null);
  const [choice, setChoice] = useState<ColumnChoice | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [progress, setProgress] = useState(0);
  const { busy, error, setError, run } = useSubmit(errorMessage, { logAs: 'Import failed' });
  // Each step's first control takes the focus, so the keyboard (and Esc) stays in the dialog
  // when the button that led there is gone.
  const stepFocus = useRef<HTMLButtonElement & HTMLInputElement>(null);
  useEffect(() => {
    stepFocus.current?.focus();
  }, [step.kind]);

  const request = (): ImportRequest | null => {
    if (!file) return null;
    return header && choice ? { file, mapping: mappingOf(choice, header) } : { file };
  };

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    setHeader(null);
    setChoice(null);
    setStep({ kind: 'pick' });
    setError(null);
    if (!picked) return;
    if (!extensions.includes(extensionOf(picked.name))) {
      setError('Pick a GeoJSON, GPX, KML, KMZ or CSV file');
      return;
    }
    if (extensionOf(picked.name) !== 'csv') return;
    try {
      const columns = await csvHeader(picked);
      if (columns.length === 0) return setError('The CSV file has no header row');
      setHeader(columns);
      setChoice(defaultChoice(columns));
    } catch (caught) {
      console.error('Import: the CSV header could not be read', caught);
      setError('The CSV file’s header row could not be read');
    }
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    const wanted = request();
    if (!wanted) {
      setError('Pick a file to import');
      return;
    }
    if (!extensions.includes(extensionOf(wanted.file.name))) {
      setError('Pick a GeoJSON, GPX, KML, KMZ or CSV file');
      return;
    }
    const missing = choice ? requiredColumns.filter((column) => !choice[column]) : [];
    if (missing.length > 0) {
      const names = missing.map((column) => columnLabels[column]).join(', ');
      setError(`Pick the file's column for: ${names}`);
      return;
    }
    setProgress(0);
    await run(async () => {
      setStep({ kind: 'preview', preview: await preview(wanted, setProgress) });
    });
  }

  async function importFile() {
    const wanted = request();
    if (!wanted) return;
    setProgress(0);
    await run(async () => {
      const result = await runUpload(wanted, setProgress);
      setStep({ kind: 'done', result });
      if (result.created.spots > 0) onImported(result);
    });
  }

  const close = () => {
    if (!busy) onClose();
  };
  const fileName = file?.name ?? '';
  const errorLine = error && (
    <p className="form-error" role="alert">
      {error}
    </p>
  );

  if (step.kind === 'done') {
    return (
      <ModalDialog title="Import spots" onClose={close}>
        <div className="form-stack">
          <p role="status">{resultLine(step.result)}</p>
          <ImportProblems problems={step.result.problems} moreProblems={step.result.moreProblems} />
          <div className="dialog-actions">
            <button ref={stepFocus} type="button" className="button button-primary" onClick={close}>
              Done
            </button>
          </div>
        </div>
      </ModalDialog>
    );
  }

  if (step.kind === 'preview') {
    const nothing = step.preview.create.spots === 0;
    return (
      <ModalDialog title="Import spots" onClose={close}>
        <div className="form-stack">
          <p>
            <strong>{fileName}</strong>
          </p>
          <p className="import-preview-line">{previewLine(step.preview)}</p>
          {nothing && <p>Nothing new to import.</p>}
          <ImportSpots spots={step.preview.spots} moreSpots={step.preview.moreSpots} />
          <ImportProblems
            problems={step.preview.problems}
            moreProblems={step.preview.moreProblems}
          />
          {busy && (
            <UploadProgress
              label={`Uploading ${fileName}`}
              fraction={progress}
              working="Importing…"
            />
          )}
          {errorLine}
          <div className="dialog-actions">
            <button
              ref={nothing ? stepFocus : undefined}
              type="button"
              className="button button-quiet"
              onClick={() => {
                setError(null);
                setStep({ kind: 'pick' });
              }}
              disabled={busy}
            >
              Back
            </button>
            <button
              ref={nothing ? undefined : stepFocus}
              type="button"
              className="button button-primary"
              onClick={() => void importFile()}
              disabled={busy || nothing}
            >
              {busy ? 'Importing…' : 'Import'}
            </button>
          </div>
        </div>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog title="Import spots" onClose={close}>
      <form className="form-stack" onSubmit={(event) => void check(event)} noValidate>
        <div className="field">
          <label htmlFor="import-file">File</label>
          <input
            ref={stepFocus}
            id="import-file"
            type="file"
            accept={accept}
            onChange={(event) => void pick(event)}
            disabled={busy}
          />
          <p className="field-hint">
            GeoJSON, GPX, KML, KMZ or CSV. Spots already in your journal (the same id, or the same
            name within 10 m) are skipped.
          </p>
        </div>
        {header && choice && (
          <ImportMapping header={header} choice={choice} onChoice={setChoice} disabled={busy} />
        )}
        {busy && file && (
          <UploadProgress
            label={`Uploading ${fileName}`}
            fraction={progress}
            working="Reading the file…"
          />
        )}
        {errorLine}
        <div className="dialog-actions">
          <button type="button" className="button button-quiet" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy || !file}>
            {busy ? 'Checking…' : 'Preview'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
