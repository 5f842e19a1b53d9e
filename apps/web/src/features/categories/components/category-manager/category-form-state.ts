import { ApiError } from '@karta/api-client';
import { CATEGORY_ICONS, CATEGORY_PALETTE, type Category, type CategoryNotes } from '@karta/contracts';

export interface CategoryDraft {
  slug: string;
  /** A name per language of the deployment (`languages` of the runtime config), '' where there is none. */
  names: Record<string, string>;
  color: (typeof CATEGORY_PALETTE)[number];
  icon: (typeof CATEGORY_ICONS)[number];
  /** Whether its places take notes, and whether a moderator looks first. */
  notes: CategoryNotes;
}

export type DraftField = 'slug' | 'names' | 'color' | 'icon';

/** What is wrong with a field, as a key under `categories.manage.problems`. */
export type DraftProblem =
  | 'slugRequired'
  | 'slugFormat'
  | 'slugTaken'
  | 'slugTooLong'
  | 'nameRequired'
  | 'nameTooLong'
  | 'invalid';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A blank draft, or the category's values to edit, with a name field per language of `languages`. */
export function draftOf(languages: readonly string[], category?: Category): CategoryDraft {
  const palette = CATEGORY_PALETTE as readonly string[];
  const icons = CATEGORY_ICONS as readonly string[];
  return {
    slug: category?.slug ?? '',
    names: Object.fromEntries(languages.map((language) => [language, category?.name[language] ?? ''])),
    color: (category && palette.includes(category.color.toLowerCase())
      ? category.color.toLowerCase()
      : CATEGORY_PALETTE[0]) as CategoryDraft['color'],
    icon: (category && icons.includes(category.icon)
      ? category.icon
      : CATEGORY_ICONS[0]) as CategoryDraft['icon'],
    notes: category?.notes ?? 'postmoderated',
  };
}

/** A slug suggested from a name: lower case ASCII words joined by hyphens ("Pitka voda" → "pitka-voda"). */
export function slugFrom(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** The problems the browser can see before sending (the server checks again). */
export function checkDraft(
  draft: CategoryDraft,
  creating: boolean,
): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  if (creating) {
    if (draft.slug === '') problems.slug = 'slugRequired';
    else if (draft.slug.length > 40) problems.slug = 'slugTooLong';
    else if (!SLUG.test(draft.slug)) problems.slug = 'slugFormat';
  }
  const names = Object.values(draft.names).map((name) => name.trim());
  if (names.every((name) => name === '')) problems.names = 'nameRequired';
  else if (names.some((name) => name.length > 60)) problems.names = 'nameTooLong';
  return problems;
}

/** The names to send: only the languages filled in. */
export function namesOf(draft: CategoryDraft): Record<string, string> {
  return Object.fromEntries(
    Object.entries(draft.names)
      .map(([language, name]) => [language, name.trim()] as const)
      .filter(([, name]) => name),
  );
}

/** The fields a server's refusal blames: a taken slug (409 on create), or 400 details by path. */
export function serverProblems(error: unknown, creating: boolean): Partial<Record<DraftField, DraftProblem>> {
  if (!(error instanceof ApiError)) return {};
  if (error.code === 'conflict' && creating) return { slug: 'slugTaken' };
  if (error.code !== 'validation_error' || !Array.isArray(error.details)) return {};
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  for (const issue of error.details as { path?: string }[]) {
    const field = String(issue.path ?? '').split('.')[0];
    if (field === 'slug') problems.slug = 'slugFormat';
    else if (field === 'name') problems.names = 'invalid';
    else if (field === 'color' || field === 'icon') problems[field] = 'invalid';
  }
  return problems;
}

/** Each palette colour's name, for screen readers (the swatch shows it to everyone else). */
export const COLOR_NAMES = {
  '#15803d': 'green',
  '#0369a1': 'blue',
  '#b91c1c': 'red',
  '#6d28d9': 'violet',
  '#c2410c': 'orange',
  '#a16207': 'amber',
  '#4338ca': 'indigo',
  '#0f766e': 'teal',
  '#be185d': 'pink',
  '#475569': 'slate',
} as const satisfies Record<(typeof CATEGORY_PALETTE)[number], string>;
