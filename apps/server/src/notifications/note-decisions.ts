import type { Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { noteDecisionMail } from '../mail/messages/note-mails.ts';
import type { NoteDecision } from '../notes/note-repository.ts';
import { nameIn } from './notifier.ts';
import { newUnsubscribeLink } from './unsubscribe-links.ts';

interface AuthorRow {
  place_id: number;
  place_name: Record<string, string>;
  text: string;
  note_language: string;
  decided_at: Date;
  /** A signed-out author's confirmed address. */
  email: string | null;
  author_id: number | null;
  account_email: string | null;
  account_language: string | null;
  /** Whether the account wants decision e-mails (and may get mail at all). */
  account_mailable: boolean | null;
}

/**
 * Tells a note's author that a moderator published it or hid it (with the reason), inside the
 * decision's transaction, as place authors are told of theirs (notifier.ts): an account by its
 * address, in its mail language, unless it turned decision e-mails off, is disabled or unproven,
 * or decided it itself; a signed-out author at the address they confirmed, in the note's language.
 */
export function createNoteDecisionNotice(mailer: Mailer, siteLanguage: string) {
  return async function noteDecided(tx: Queryable, decision: NoteDecision): Promise<void> {
    if (!mailer.enabled) return;
    const { rows } = await tx.query<AuthorRow>(
      `SELECT n.place_id, p.name AS place_name, n.text, n.language AS note_language, n.decided_at, n.email,
              n.author_id, u.email AS account_email, u.mail_language AS account_language,
              (NOT u.disabled AND u.decision_mail AND u.email_verified_at IS NOT NULL) AS account_mailable
         FROM place_notes n JOIN places p ON p.id = n.place_id LEFT JOIN users u ON u.id = n.author_id
        WHERE n.id = $1::int8`,
      [decision.noteId],
    );
    const note = rows[0];
    if (!note) return;
    const account = note.author_id === null ? null : Number(note.author_id);
    if (account === decision.moderatorId) return;
    const to = account === null ? note.email : note.account_mailable ? note.account_email : null;
    if (!to) return;
    const language = mailLanguage(
      account === null ? note.note_language : note.account_language,
      siteLanguage,
    );
    const ctx = { siteName: mailer.siteName, publicUrl: mailer.publicUrl, language };
    const mail = noteDecisionMail(ctx, {
      note: { placeName: nameIn(note.place_name, language), text: note.text },
      placeUrl: `${mailer.publicUrl}/places/${note.place_id}`,
      decision: decision.to,
      reason: decision.reason,
      unsubscribe:
        account === null
          ? null
          : await newUnsubscribeLink(tx, mailer.publicUrl, { userId: account, list: 'decisions' }),
    });
    // One message per decision: a note hidden, published again and hidden again is told each time.
    const at = new Date(note.decided_at).getTime();
    await mailer.enqueue(tx, { key: `note-decision.${decision.noteId}.${decision.to}.${at}`, to, ...mail });
  };
}
