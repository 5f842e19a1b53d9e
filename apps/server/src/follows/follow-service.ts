import type { Follow, FollowInput } from '@karta/contracts';
import { MAX_FOLLOWS_PER_ADDRESS } from '@karta/contracts';
import { newSessionToken } from '../accounts/session-repository.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  type FollowedPlace,
  followConfirmationMail,
  followsFullMail,
} from '../mail/messages/follow-mails.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { nameIn } from '../notifications/notifier.ts';
import { emailKey, type FollowRecord, follows, publicFollow } from './follow-repository.ts';

/** The names of `slugs`' categories in `language` (unknown slugs are left out). */
export async function categoryNames(
  db: Queryable,
  slugs: string[] | null,
  language: string,
): Promise<string[] | null> {
  if (!slugs) return null;
  const { rows } = await db.query<{ name: Record<string, string> }>(
    'SELECT name FROM categories WHERE slug = ANY($1::text[]) ORDER BY sort_order, id',
    [slugs],
  );
  return rows.map((row) => nameIn(row.name, language));
}

/** What `follow` watches, for its e-mails in `language`. */
export async function followedPlace(
  db: Queryable,
  follow: FollowRecord,
  language: string,
): Promise<FollowedPlace> {
  return {
    bbox: follow.bbox,
    point: follow.point,
    categoryNames: await categoryNames(db, follow.categories, language),
    frequency: follow.frequency,
    alerts: follow.alerts,
  };
}

/** `PUBLIC_URL/follows?token=…`: every follow of the address, each with its end button. */
export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/follows?token=${token}`;
}

/**
 * Following areas and spots by e-mail (double opt-in). A request writes the follow and its
 * confirmation e-mail in one transaction, or, for an address at its limit, an e-mail saying so,
 * or, for an address with `MAX_UNANSWERED_FOLLOW_MAILS` follow e-mails unanswered, nothing
 * at all: the answer is the same every time, so nobody learns what an address follows.
 */
export function createFollowService(database: Database, mailer: Mailer, siteLanguage: string) {
  const context = (language: string) => ({
    siteName: mailer.siteName,
    publicUrl: mailer.publicUrl,
    language: mailLanguage(language, siteLanguage),
  });

  return {
    async request(input: FollowInput): Promise<void> {
      const language = input.language ?? siteLanguage;
      const ctx = context(language);
      const confirm = newSessionToken();
      await database.transaction(async (tx) => {
        const created = await follows.create(tx, { ...input, language }, confirm.tokenHash);
        // Enough unanswered follow e-mails already: nothing is written, not even a manage link.
        if (created === 'waiting') return;
        const manage = manageUrl(mailer.publicUrl, await follows.newManageToken(tx, input.email));
        if (created === 'full') {
          // At most one such notice an hour per address (its key), and each is one of the address's
          // unanswered follow e-mails for a week, however often it is asked.
          const hour = Math.floor(Date.now() / 3_600_000);
          await mailer.enqueue(tx, {
            key: `follows-full.${Buffer.from(emailKey(input.email)).toString('base64url').slice(0, 150)}.${hour}`,
            to: input.email,
            ...followsFullMail(ctx, { max: MAX_FOLLOWS_PER_ADDRESS, manageUrl: manage }),
          });
          return;
        }
        const mail = followConfirmationMail(ctx, {
          followed: await followedPlace(tx, created, ctx.language),
          confirmUrl: `${mailer.publicUrl}/follows/confirm?token=${confirm.token}`,
          manageUrl: manage,
        });
        await mailer.enqueue(tx, { key: `follow-confirm.${created.id}`, to: created.email, ...mail });
      });
      mailer.wake();
    },

    async confirm(token: string): Promise<Follow | undefined> {
      const confirmed = await database.transaction((tx) => follows.confirm(tx, token));
      return confirmed ? publicFollow(confirmed) : undefined;
    },

    /** The follows of a manage link's address; undefined for an unknown link. */
    async list(token: string): Promise<Follow[] | undefined> {
      const key = await follows.addressOf(database, token);
      if (!key) return undefined;
      return (await follows.listOf(database, key)).map(publicFollow);
    },

    /** Ends one follow of a manage link's address: `unknown-link`, `not-found` or `ended`. */
    async end(token: string, id: number): Promise<'unknown-link' | 'not-found' | 'ended'> {
      const key = await follows.addressOf(database, token);
      if (!key) return 'unknown-link';
      return (await follows.end(database, key, id)) ? 'ended' : 'not-found';
    },
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
