import { type ComposedMail, composeMail } from '../compose.ts';
import type { MailLanguage } from './mail-language.ts';
import type { MailContext } from './notice-mails.ts';

const TEXTS = {
  en: {
    subject: (name: string) => `Import ${name} failed`,
    intro: (name: string, url: string) =>
      `The scheduled import "${name}" from ${url} failed, so nothing of it was imported this time:`,
    refused: 'The first refused rows:',
    row: (row: number) => `Row ${row}`,
    next: 'The next scheduled run tries again. Its runs are listed under the import source.',
    action: 'Open Karta',
    why: 'You receive this because you added this import source.',
  },
  hr: {
    subject: (name: string) => `Uvoz ${name} nije uspio`,
    intro: (name: string, url: string) =>
      `Zakazani uvoz "${name}" s ${url} nije uspio, pa ovaj put iz njega ništa nije uvezeno:`,
    refused: 'Prvi odbijeni redovi:',
    row: (row: number) => `Red ${row}`,
    next: 'Sljedeće zakazano pokretanje pokušat će ponovno. Njegova pokretanja popisana su uz izvor uvoza.',
    action: 'Otvori Kartu',
    why: 'Ovo primate jer ste dodali ovaj izvor uvoza.',
  },
} satisfies Record<MailLanguage, unknown>;

/** A refused row as the e-mail lists it. */
export interface RefusedRowLine {
  row: number;
  errors: { path: string; message: string }[];
}

/**
 * The report to a source's admin that a scheduled import failed (docs/decisions/
 * 033-scheduled-imports.md): why, and the first refused rows with their problems.
 */
export function importFailedMail(
  ctx: MailContext,
  input: { name: string; url: string; error: string; refused: readonly RefusedRowLine[] },
): ComposedMail {
  const texts = TEXTS[ctx.language];
  const rows = input.refused.map(
    (refused) =>
      `${texts.row(refused.row)}: ${refused.errors.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
  );
  return composeMail({
    siteName: ctx.siteName,
    publicUrl: ctx.publicUrl,
    language: ctx.language,
    subject: texts.subject(input.name),
    paragraphs: [
      texts.intro(input.name, input.url),
      input.error,
      ...(rows.length > 0 ? [texts.refused, ...rows] : []),
      texts.next,
    ],
    action: { label: texts.action, url: ctx.publicUrl },
    after: [texts.why],
  });
}
