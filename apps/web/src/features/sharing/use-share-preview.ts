import type { SharedLocation, SharePreviewInput } from '@fj/contract/sharing';
import { useEffect, useState } from 'react';
import { sharingApi } from '../../lib/api/sharing-api.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';

/** A change of choice waits this long for the next before the server is asked. */
export const previewDelayMs = 250;

export interface SharePreview {
  /** The spots as a viewer would receive them, for the choices asked last; null before. */
  locations: SharedLocation[] | null;
  /** True while the shown preview is not yet that of the current choices. */
  stale: boolean;
  error: string | null;
}

/**
 * The server's own projection of the choices (POST /shares/preview), so what the dialog shows is
 * exactly what a viewer would receive, computed by the same code. Nothing is asked with no spot.
 */
export function useSharePreview(input: SharePreviewInput): SharePreview {
  const key = JSON.stringify(input);
  const [shown, setShown] = useState<{ key: string; locations: SharedLocation[] } | null>(null);
  const [failed, setFailed] = useState<{ key: string; error: string } | null>(null);
  useEffect(() => {
    const asked = JSON.parse(key) as SharePreviewInput;
    if (asked.locationIds.length === 0) return;
    let current = true;
    const timer = setTimeout(() => {
      sharingApi.preview(asked).then(
        (locations) => current && setShown({ key, locations }),
        (error: unknown) => current && setFailed({ key, error: errorMessage(error) }),
      );
    }, previewDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return {
    locations: shown?.locations ?? null,
    stale: shown?.key !== key,
    error: failed?.key === key ? failed.error : null,
  };
}
