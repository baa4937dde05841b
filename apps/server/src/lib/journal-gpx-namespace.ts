/** Our GPX extension's namespace: the export writes a spot's details under it, the import reads them back whole. */
export const journalGpxNamespace = 'https://foragingjournal.org/gpx/1';
