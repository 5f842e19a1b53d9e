import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { readCsv, rewriteCsv, sampleRow } from './csv-table.ts';

const tableOf = (text: string) => {
  const result = readCsv(text);
  if (!result.ok) throw new Error(`Not read: ${result.problem.kind}`);
  return result.table;
};

describe('reading and rewriting a CSV file in the browser', () => {
  const file = [
    '\uFEFFName,Latitude,Lon,Kategorija,Opening hours,ID',
    '"Ljekarna ""Čačak"", Đurđevac",45.81,15.98,pharmacy,"Mon–Fri, 8–20\nSat 8–13",a-1',
    '',
    'Sklonište,45.82,15.99,shelter,,a-2',
  ].join('\r\n');

  it('reads the header, the records and a sample row; quotes, commas and line breaks survive', () => {
    const table = tableOf(file);
    expect(table.header).toEqual(['Name', 'Latitude', 'Lon', 'Kategorija', 'Opening hours', 'ID']);
    expect(table.records).toHaveLength(2);
    expect(sampleRow(table)).toEqual([
      'Ljekarna "Čačak", Đurđevac',
      '45.81',
      '15.98',
      'pharmacy',
      'Mon–Fri, 8–20\nSat 8–13',
      'a-1',
    ]);
  });

  it('rewrites it with Karta’s header, dropping ignored columns, as the server’s parser reads it back', () => {
    const rewritten = rewriteCsv(tableOf(file), [
      'name_hr',
      'lat',
      'lng',
      'category',
      'description_en',
      'externalId',
    ]);
    expect(rewritten).toEqual({
      ok: true,
      csv: [
        'name_hr,lat,lng,category,description_en,externalId',
        '"Ljekarna ""Čačak"", Đurđevac",45.81,15.98,pharmacy,"Mon–Fri, 8–20\nSat 8–13",a-1',
        'Sklonište,45.82,15.99,shelter,,a-2',
        '',
      ].join('\r\n'),
    });
    const dropped = rewriteCsv(tableOf(file), ['name_hr', 'lat', 'lng', 'category', null, 'externalId']);
    if (!dropped.ok) throw new Error('not rewritten');
    // csv-parse is what the server reads imports with.
    expect(parse(dropped.csv)).toEqual([
      ['name_hr', 'lat', 'lng', 'category', 'externalId'],
      ['Ljekarna "Čačak", Đurđevac', '45.81', '15.98', 'pharmacy', 'a-1'],
      ['Sklonište', '45.82', '15.99', 'shelter', 'a-2'],
    ]);
  });

  it('reads a spreadsheet’s semicolon-separated file and writes it with commas', () => {
    const table = tableOf('externalId;category;name_hr;lat;lng\r\nb-1;pharmacy;Ljekarna, Centar;45,8;16\r\n');
    expect(table.delimiter).toBe(';');
    const rewritten = rewriteCsv(table, table.header);
    expect(rewritten.ok && rewritten.csv).toBe(
      'externalId,category,name_hr,lat,lng\r\nb-1,pharmacy,"Ljekarna, Centar","45,8",16\r\n',
    );
  });

  it('says why a file cannot be read or mapped: no header, an open quote, rows of another width', () => {
    expect(readCsv('')).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(readCsv('a,b\r\nx,"open\r\n')).toEqual({ ok: false, problem: { kind: 'unclosedQuote', row: 1 } });
    const uneven = tableOf('a,b,c\r\n1,2,3\r\n1,2\r\n1,2,3\r\n1,2,3,4\r\n');
    expect(rewriteCsv(uneven, ['lat', 'lng', null])).toEqual({
      ok: false,
      problem: { kind: 'cellCount', rows: [2, 4], expected: 3 },
    });
  });
});
