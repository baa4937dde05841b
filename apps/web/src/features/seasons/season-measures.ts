/** The User Timing measures of the Seasons page's computation, read by the web bench. */
export const seasonMeasures = {
  /** The journal's entries as visits (their count as detail). */
  visits: 'fj:season-visits',
  /** Every species' row from those visits (the visits' count as detail). */
  rows: 'fj:season-rows',
} as const;
