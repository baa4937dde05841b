import type { Entry } from '@fj/contract/entries';
import { useRef, useState } from 'react';
import { todayIso } from './entry-dates.ts';
import { dateFromPhotos, photoTakenOn } from './photo-date.ts';

/**
 * The entry's date: today for a new entry, until a photo taken earlier says otherwise
 * (docs/behaviour.md#photo-date). A date the forager chose by hand, or an entry being edited,
 * is never changed by a photo.
 */
export function useEntryDate(entry: Entry | undefined) {
  const [date, setDate] = useState(() => entry?.date ?? todayIso());
  const [fromPhoto, setFromPhoto] = useState<string | null>(null);
  const byHand = useRef(entry !== undefined);
  const photoDay = useRef<string | null>(null);

  function chooseDate(value: string) {
    byHand.current = true;
    setFromPhoto(null);
    setDate(value);
  }

  function photosPicked(files: readonly Blob[]) {
    if (byHand.current) return;
    void Promise.all(files.map(photoTakenOn)).then((days) => {
      if (byHand.current) return;
      const day = dateFromPhotos([...days, photoDay.current], todayIso());
      if (!day || day === photoDay.current) return;
      photoDay.current = day;
      setFromPhoto(day);
      setDate(day);
    });
  }

  return { date, chooseDate, fromPhoto, photosPicked, keepToday: () => chooseDate(todayIso()) };
}
