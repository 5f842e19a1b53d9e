import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_MESSAGES } from '../src/lib/i18n/first-view-messages.ts';
import { allMessages } from '../src/testing/messages.ts';
import { type MessageTree, splitMessages } from './split-messages.ts';

const file: MessageTree = {
  app: { name: 'Karta', tagline: 'Places' },
  auth: { signInLink: 'Sign in', menu: { open: 'Menu', signOut: 'Sign out' }, signIn: { title: 'Sign in' } },
  review: { title: 'Review' },
};

/** Every message's key. */
function keys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? keys(value as MessageTree, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('splitMessages', () => {
  it('puts whole sections, groups and single messages named in the first part, the rest in the other', () => {
    expect(splitMessages(file, ['app', 'auth.menu', 'auth.signInLink'], 'en.json')).toEqual({
      firstView: {
        app: file.app,
        auth: { signInLink: 'Sign in', menu: { open: 'Menu', signOut: 'Sign out' } },
      },
      later: { auth: { signIn: { title: 'Sign in' } }, review: { title: 'Review' } },
    });
  });

  it('leaves no empty group behind and ignores a path inside a section named whole', () => {
    expect(splitMessages(file, ['auth', 'auth.menu'], 'en.json').later).toEqual({
      app: file.app,
      review: file.review,
    });
    expect(splitMessages(file, ['auth.menu', 'auth'], 'en.json').firstView).toEqual({ auth: file.auth });
  });

  it('refuses a path the file does not have, naming the file', () => {
    expect(() => splitMessages(file, ['auth.menu.close'], 'hr.json')).toThrow(
      /hr\.json has no "auth\.menu\.close"/,
    );
    expect(() => splitMessages(file, ['places'], 'hr.json')).toThrow(/hr\.json has no "places"/);
    expect(() => splitMessages(file, ['app.name.short'], 'hr.json')).toThrow(/"app\.name" is a message/);
  });

  it.each(Object.keys(allMessages))(
    'splits %s along the first view’s list into two parts that together hold every message once',
    (code) => {
      const tree = allMessages[code] as MessageTree;
      const { firstView, later } = splitMessages(tree, FIRST_VIEW_MESSAGES, `${code}.json`);
      expect([...keys(firstView), ...keys(later)].sort()).toEqual(keys(tree).sort());
    },
  );
});
