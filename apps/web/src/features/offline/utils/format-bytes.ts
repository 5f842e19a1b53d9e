/** The units a size is written in, largest first: decimal, as browsers and systems show storage. */
const UNITS = [
  { bytes: 1e9, unit: 'gigabyte' },
  { bytes: 1e6, unit: 'megabyte' },
  { bytes: 1e3, unit: 'kilobyte' },
] as const;

/** A size in bytes as a reader expects it: "850 kB", "1.2 MB", "10 GB", in the UI language. */
export function formatBytes(bytes: number, language: string): string {
  const { bytes: size, unit } = UNITS.find((candidate) => bytes >= candidate.bytes) ?? UNITS[2];
  const value = Math.max(bytes / size, unit === 'kilobyte' ? 1 : 0);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
