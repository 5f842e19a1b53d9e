import type { OwnPlace } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import type { FlagRaisedOn } from '../flags/flag-repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import {
  decisionMail,
  flagNoticeMail,
  noteNoticeMail,
  proposalNoticeMail,
} from '../mail/messages/notice-mails.ts';
import { newUnsubscribeLink } from './unsubscribe-links.ts';

/** A moderator who wants to hear of each new proposal and flag as it comes. */
interface Recipient {
  id: number;
  email: string;
  language: string | null;
}

/** A place's name in `language`, else in its first language. */
export function nameIn(name: Record<string, string>, language: string): string {
  return name[language] ?? Object.values(name)[0] ?? '';
}

/**
 * Writes the notices of moderation events to the outbox, inside the event's transaction: new
 * proposals and flags to moderators who chose immediate mail, decisions to the proposal's author.
 * Each message has an idempotency key of its event and recipient. Does nothing while mail is off.
 */
export function createNotifier(mailer: Mailer, siteLanguage: string) {
  const context = (language: string | null) => ({
    siteName: mailer.siteName,
    publicUrl: mailer.publicUrl,
    language: mailLanguage(language, siteLanguage),
  });

  async function immediateModerators(tx: Queryable): Promise<Recipient[]> {
    const { rows } = await tx.query<{ id: string | number; email: string; language: string | null }>(
      `SELECT id, email, mail_language AS language FROM users
       WHERE role IN ('moderator', 'admin') AND NOT disabled AND review_mail = 'immediate'
       ORDER BY id`,
    );
    return rows.map((row) => ({ id: Number(row.id), email: row.email, language: row.language }));
  }

  /** Tells the immediate moderators that `place` waits for review, once per place and version. */
  async function proposalWaiting(tx: Queryable, place: OwnPlace): Promise<void> {
    if (!mailer.enabled || place.status !== 'pending' || place.authorId === null) return;
    const { rows } = await tx.query<{ display_name: string; verified: boolean }>(
      'SELECT display_name, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1::int8',
      [place.authorId],
    );
    const author = rows[0];
    // An unproven address's proposals are announced once it is proven (see `authorVerified`).
    if (!author?.verified) return;
    for (const moderator of await immediateModerators(tx)) {
      if (moderator.id === place.authorId) continue;
      const ctx = context(moderator.language);
      const mail = proposalNoticeMail(ctx, {
        placeName: nameIn(place.name, ctx.language),
        authorName: author.display_name,
        unsubscribe: await newUnsubscribeLink(tx, mailer.publicUrl, { userId: moderator.id, list: 'review' }),
      });
      await mailer.enqueue(tx, {
        key: `proposal.${place.id}.v${place.version}.to.${moderator.id}`,
        to: moderator.email,
        ...mail,
      });
    }
  }

  /**
   * Tells the immediate moderators that a note waits for them: its place, its author (an
   * account's name, or "a visitor" who confirmed by e-mail; never the address) and its text.
   */
  async function noteWaiting(tx: Queryable, noteId: number): Promise<void> {
    if (!mailer.enabled) return;
    const { rows } = await tx.query<{
      text: string;
      author_id: number | null;
      author_name: string | null;
      place: Record<string, string>;
    }>(
      `SELECT n.text, n.author_id, u.display_name AS author_name, p.name AS place
         FROM place_notes n JOIN places p ON p.id = n.place_id LEFT JOIN users u ON u.id = n.author_id
        WHERE n.id = $1::int8`,
      [noteId],
    );
    const note = rows[0];
    if (!note) return;
    for (const moderator of await immediateModerators(tx)) {
      if (note.author_id !== null && Number(note.author_id) === moderator.id) continue;
      const ctx = context(moderator.language);
      const mail = noteNoticeMail(ctx, {
        placeName: nameIn(note.place, ctx.language),
        authorName: note.author_name,
        text: note.text,
        unsubscribe: await newUnsubscribeLink(tx, mailer.publicUrl, { userId: moderator.id, list: 'review' }),
      });
      await mailer.enqueue(tx, { key: `note.${noteId}.to.${moderator.id}`, to: moderator.email, ...mail });
    }
  }

  return {
    proposalWaiting,
    noteWaiting,

    /** Tells the immediate moderators of a new flag on a place (or one of its photos or notes). */
    async flagRaised(tx: Queryable, flag: FlagRaisedOn): Promise<void> {
      if (!mailer.enabled) return;
      const { rows } = await tx.query<{ name: Record<string, string> }>(
        'SELECT name FROM places WHERE id = $1::int8',
        [flag.placeId],
      );
      const name = rows[0]?.name ?? {};
      for (const moderator of await immediateModerators(tx)) {
        const ctx = context(moderator.language);
        const mail = flagNoticeMail(ctx, {
          placeName: nameIn(name, ctx.language),
          flag,
          unsubscribe: await newUnsubscribeLink(tx, mailer.publicUrl, {
            userId: moderator.id,
            list: 'review',
          }),
        });
        await mailer.enqueue(tx, { key: `flag.${flag.id}.to.${moderator.id}`, to: moderator.email, ...mail });
      }
    },

    /**
     * Tells the author that a moderator published or rejected their proposal (with the reason),
     * unless they turned these e-mails off or decided it themselves.
     */
    async proposalDecided(tx: Queryable, before: OwnPlace, after: OwnPlace, actorId: number): Promise<void> {
      if (
        !mailer.enabled ||
        before.status !== 'pending' ||
        after.authorId === null ||
        after.authorId === actorId
      )
        return;
      if (after.status !== 'published' && after.status !== 'rejected') return;
      const { rows } = await tx.query<{ email: string; language: string | null }>(
        `SELECT email, mail_language AS language FROM users
         WHERE id = $1::int8 AND NOT disabled AND decision_mail AND email_verified_at IS NOT NULL`,
        [after.authorId],
      );
      const author = rows[0];
      if (!author) return;
      const ctx = context(author.language);
      const mail = decisionMail(ctx, {
        placeId: after.id,
        placeName: nameIn(after.name, ctx.language),
        decision: after.status,
        reason: after.rejectionReason,
        unsubscribe: await newUnsubscribeLink(tx, mailer.publicUrl, {
          userId: after.authorId,
          list: 'decisions',
        }),
      });
      await mailer.enqueue(tx, { key: `decision.${after.id}.v${after.version}`, to: author.email, ...mail });
    },

    /** The author's address is proven: their proposals waiting for review are announced now. */
    async authorVerified(tx: Queryable, pending: OwnPlace[]): Promise<void> {
      for (const place of pending) await proposalWaiting(tx, place);
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
