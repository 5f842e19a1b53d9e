/** Whether a user moderates (moderators and admins review, publish and hide). */
export function isModerator(user: { role: string } | null | undefined): boolean {
  return user?.role === 'moderator' || user?.role === 'admin';
}
