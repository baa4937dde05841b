import { useEffect, useState } from 'react';
import { sharedLinkPhoto } from '../../lib/api/shared-link-api.ts';

/** A shared photo, fetched with the link's credential (an <img> cannot send it). */
export function SharedPhoto({ credential, photoId }: { credential: string; photoId: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let current = true;
    sharedLinkPhoto(credential, photoId).then(
      (objectUrl) => {
        made = objectUrl;
        if (current) setUrl(objectUrl);
        else URL.revokeObjectURL(objectUrl);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [credential, photoId]);
  if (failed) return <span className="shared-photo-missing">Photo unavailable</span>;
  if (!url) return <span className="shared-photo-loading">Loading photo…</span>;
  return <img className="shared-photo" src={url} alt="Shared photo" referrerPolicy="no-referrer" />;
}
