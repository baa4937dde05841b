import { csvExportColumns } from '@fj/contract/export';
import { describe, expect, it } from 'vitest';
import {
  choose,
  csvColumns,
  csvHeader,
  defaultChoice,
  mappingOf,
  mappingOrder,
} from './csv-mapping.ts';

describe('CSV column mapping', () => {
  it('shows every column the import reads, once', () => {
    expect([...mappingOrder].sort()).toEqual([...csvColumns].sort());
  });

  it('our own export maps to itself and sends no mapping', () => {
    const header = [...csvExportColumns];
    const choice = defaultChoice(header);
    for (const column of csvColumns) expect(choice[column]).toBe(column);
    expect(mappingOf(choice, header)).toEqual({});
  });

  it("iNaturalist's columns: species, date, place, the long coordinate names and tags", () => {
    const header = [
      'Species guess',
      'Date',
      'Description',
      'Place name',
      'Latitude / y coord / northing',
      'Longitude / x coord / easting',
      'Tags',
      'Geoprivacy',
    ];
    expect(mappingOf(defaultChoice(header), header)).toEqual({
      location_name: 'Place name',
      latitude: 'Latitude / y coord / northing',
      longitude: 'Longitude / x coord / easting',
      description: 'Description',
      categories: 'Tags',
      entry_date: 'Date',
      entry_species: 'Species guess',
    });
  });

  it('an exact name wins over another column that only starts with it; each column is used once', () => {
    const choice = defaultChoice(['Name', 'Lat', 'Lng', 'latitude_note', 'Notes', 'Note']);
    expect(choice.location_name).toBe('Name');
    expect(choice.latitude).toBe('Lat');
    expect(choice.longitude).toBe('Lng');
    expect(choice.notes).toBe('Notes');
    expect(Object.values(choice).filter((theirs) => theirs === 'Notes')).toHaveLength(1);
  });

  it("says '' for a column of our name the user chose not to read; a column moves between fields", () => {
    const header = ['notes', 'Title', 'Lat', 'Lon'];
    const choice = choose(defaultChoice(header), 'notes', '');
    expect(mappingOf(choice, header)).toEqual({
      location_name: 'Title',
      latitude: 'Lat',
      longitude: 'Lon',
      notes: '',
    });
    const moved = choose(choice, 'description', 'Title');
    expect(moved.description).toBe('Title');
    expect(moved.location_name).toBe('');
  });

  it('reads the header row with its quoting and BOM, whatever follows', async () => {
    const file = new Blob(['\ufeffName,"Lat, deg",Lon\r\nA,1,2\r\n"open quote,3']);
    await expect(csvHeader(file)).resolves.toEqual(['Name', 'Lat, deg', 'Lon']);
  });
});
