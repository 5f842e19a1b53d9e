import { z } from 'zod';
import { BigId, IsoDateTime } from './primitives.ts';

/** One DNS name: labels of letters, digits and inner hyphens (IDNs in their `xn--` form), a dot between. */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

/**
 * What an admin blocks: one address (`ana@example.hr`) or a whole domain (`example.hr`, or
 * `@example.hr` as people often write it), its subdomains with it. Compared in lower case.
 */
export const BlockedSenderValue = z
  .string({ error: 'Enter an e-mail address or a domain' })
  .trim()
  .toLowerCase()
  .max(254, 'Use at most 254 characters')
  .transform((value) => (value.startsWith('@') ? value.slice(1) : value))
  .superRefine((value, ctx) => {
    const at = value.lastIndexOf('@');
    const local = at < 0 ? '' : value.slice(0, at);
    const domain = at < 0 ? value : value.slice(at + 1);
    const fine = DOMAIN.test(domain) && (at < 0 || (local !== '' && !/[\s@]/.test(local)));
    if (!fine) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter an e-mail address (name@example.hr) or a domain (example.hr)',
        params: { code: 'invalid' },
      });
    }
  });

/** `POST /api/v1/admin/blocked-senders` (admins). */
export const BlockedSenderInput = z.object({ value: BlockedSenderValue });
export type BlockedSenderInput = z.input<typeof BlockedSenderInput>;

/** A blocked address or domain: notes from it are refused. */
export const BlockedSender = z.object({
  id: BigId,
  kind: z.enum(['address', 'domain']),
  /** The address, or the domain without its `@`, in lower case. */
  value: z.string(),
  createdAt: IsoDateTime,
});
export type BlockedSender = z.infer<typeof BlockedSender>;

export const BlockedSenderList = z.object({ items: z.array(BlockedSender) });
export type BlockedSenderList = z.infer<typeof BlockedSenderList>;

export const BlockedSenderIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'Expected an id')
    .transform(Number)
    .pipe(BigId),
});
