import { z } from 'zod';
import { UserRole } from './auth.ts';
import { BigId, IsoDateTime, text } from './primitives.ts';
import { intParam } from './query-params.ts';

/** A user as admins see them in the user list. */
export const UserSummary = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  /** User text: render as text. */
  displayName: z.string(),
  role: UserRole,
  disabled: z.boolean(),
  createdAt: IsoDateTime,
});
export type UserSummary = z.infer<typeof UserSummary>;

/** `GET /api/v1/users`: newest first; `q` finds e-mail or name parts (case-insensitive). */
export const UserListQuery = z.object({
  q: text({ kind: 'name', max: 200 }).optional(),
  limit: intParam(1, 200).optional(),
  offset: intParam(0, 1_000_000).optional(),
});
export type UserListQuery = z.output<typeof UserListQuery>;

export const UserList = z.object({ items: z.array(UserSummary), total: z.number().int().min(0) });
export type UserList = z.infer<typeof UserList>;

/** `PATCH /api/v1/users/:id`: a new role, or disable / enable the account (ends its sessions). */
export const UserPatch = z
  .object({ role: UserRole.optional(), disabled: z.boolean().optional() })
  .refine((patch) => patch.role !== undefined || patch.disabled !== undefined, {
    message: 'Give a role or disabled',
  });
export type UserPatch = z.input<typeof UserPatch>;

export const UserIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'Expected a user id')
    .transform(Number)
    .pipe(BigId),
});
