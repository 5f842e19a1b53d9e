import type { CategoryField, ImportFormat } from '@karta/contracts';
import { useMemo, useRef, useState } from 'react';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import {
  autoMapColumns,
  type ColumnMapping,
  type ColumnTarget,
  isKartaHeader,
  type MappingProblems,
  mappingProblems,
  siteFields,
} from '../utils/column-mapping.ts';
import { type CsvProblem, type CsvTable, readCsv, rewriteCsv } from '../utils/csv-table.ts';
import { countFeatures, detectFormat, isTooLarge } from '../utils/file-format.ts';

/** Why a chosen file cannot be sent, for a translated message. */
export type FileProblem = CsvProblem | { kind: 'tooLarge' } | { kind: 'unreadable' };

export interface ChosenFile {
  file: File;
  text: string;
  format: ImportFormat;
}

/** The body to send, or why there is none. */
export type PreparedUpload = { ok: true; body: Blob } | { ok: false; problem: FileProblem };

const NO_PROBLEMS: MappingProblems = { missing: [], repeated: [] };
const NO_FIELDS: readonly CategoryField[] = [];

/**
 * The file being imported: chosen (refused at once when over the limit), read, its format
 * (detected, changeable), and for CSV its table and the mapping of its columns to Karta's
 * (guessed, changeable). `prepare` gives what to upload: the file itself when the server reads it
 * as it is, else the CSV rewritten with Karta's header.
 */
export function useImportFile() {
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  // Each choice has a number, so a slow read of an earlier file never replaces a later one.
  const choice = useRef(0);

  const choose = async (file: File) => {
    const current = ++choice.current;
    setChosen(null);
    setProblem(null);
    if (isTooLarge(file)) {
      setProblem({ kind: 'tooLarge' });
      return;
    }
    setReading(true);
    try {
      const text = await file.text();
      if (current !== choice.current) return;
      setChosen({ file, text, format: detectFormat(file.name, text.slice(0, 200)) });
    } catch {
      if (current === choice.current) setProblem({ kind: 'unreadable' });
    } finally {
      if (current === choice.current) setReading(false);
    }
  };

  const clear = () => {
    choice.current += 1;
    setChosen(null);
    setProblem(null);
    setReading(false);
  };

  const setFormat = (format: ImportFormat) => setChosen((file) => (file ? { ...file, format } : file));

  const csv = useMemo(
    () => (chosen?.format === 'csv' ? readCsv(chosen.text) : null),
    [chosen?.format, chosen?.text],
  );
  const table: CsvTable | null = csv?.ok ? csv.table : null;
  const features = useMemo(
    () => (chosen?.format === 'geojson' ? countFeatures(chosen.text) : null),
    [chosen?.format, chosen?.text],
  );

  // The categories' fields, whose values a column may hold (`x_<key>`); none until they are loaded.
  const { data: categories } = useCategories();
  const fields = useMemo(() => (categories ? siteFields(categories) : NO_FIELDS), [categories]);

  // The mapping belongs to one table: a new file (or format) starts from the automatic one again.
  const [edited, setEdited] = useState<{ table: CsvTable; mapping: ColumnMapping } | null>(null);
  const needsMapping = table !== null && !isKartaHeader(table.header);
  const automatic = useMemo<ColumnMapping>(() => {
    if (!table) return [];
    return needsMapping ? autoMapColumns(table.header, fields) : table.header.map((column) => column.trim());
  }, [table, needsMapping, fields]);
  const mapping = edited && edited.table === table ? edited.mapping : automatic;

  const setColumn = (index: number, target: ColumnTarget) => {
    if (!table) return;
    setEdited({ table, mapping: mapping.map((current, at) => (at === index ? target : current)) });
  };

  /** Karta column → the file's own name for it, so the report can say "lat (your column Y)". */
  const sourceColumns = useMemo(() => {
    const names: Record<string, string> = {};
    if (table && needsMapping) {
      mapping.forEach((target, index) => {
        if (target !== null) names[target] = table.header[index] ?? target;
      });
    }
    return names;
  }, [table, needsMapping, mapping]);

  const prepare = (): PreparedUpload => {
    if (!chosen) return { ok: false, problem: { kind: 'unreadable' } };
    if (chosen.format === 'geojson') return { ok: true, body: chosen.file };
    if (!csv) return { ok: false, problem: { kind: 'unreadable' } };
    if (!csv.ok) return { ok: false, problem: csv.problem };
    // A file with Karta's header and commas goes as it is; any other is rewritten.
    if (!needsMapping && csv.table.delimiter === ',') return { ok: true, body: chosen.file };
    const rewritten = rewriteCsv(csv.table, mapping);
    if (!rewritten.ok) return rewritten;
    const body = new Blob([rewritten.csv], { type: 'text/csv' });
    return isTooLarge(body) ? { ok: false, problem: { kind: 'tooLarge' } } : { ok: true, body };
  };

  return {
    chosen,
    reading,
    problem: problem ?? (csv && !csv.ok ? csv.problem : null),
    choose,
    clear,
    setFormat,
    table,
    needsMapping,
    mapping,
    mappingProblems: needsMapping ? mappingProblems(mapping) : NO_PROBLEMS,
    fields,
    setColumn,
    sourceColumns,
    rows: table ? table.records.length : features,
    prepare,
  };
}
