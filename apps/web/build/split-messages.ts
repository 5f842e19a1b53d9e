/** A locale file's messages, nested by section: `{ auth: { menu: { signOut: '…' } } }`. */
export type MessageTree = { [key: string]: unknown };

/** The messages of one language in two parts: those the first view needs, and the rest. */
export interface MessageParts {
  firstView: MessageTree;
  later: MessageTree;
}

/** The paths as a tree: `['map', 'auth.menu']` → `{ map: true, auth: { menu: true } }`. */
type Selection = { [key: string]: Selection | true };

function selectionOf(paths: readonly string[]): Selection {
  const selection: Selection = {};
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop() as string;
    let node: Selection | true = selection;
    for (const key of keys) {
      if (node === true) break;
      node = node[key] ??= {};
    }
    // A path inside a group already chosen whole adds nothing.
    if (node !== true) node[last] = true;
  }
  return selection;
}

const isGroup = (value: unknown): value is MessageTree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function split(tree: MessageTree, selection: Selection, file: string, at: string): MessageParts {
  const parts: MessageParts = { firstView: {}, later: {} };
  for (const [key, chosen] of Object.entries(selection)) {
    if (!(key in tree)) throw new Error(`${file} has no "${at}${key}", which the first view's messages name`);
    if (chosen !== true && !isGroup(tree[key])) {
      throw new Error(`${file}: "${at}${key}" is a message, but the first view's messages name a key in it`);
    }
  }
  for (const [key, value] of Object.entries(tree)) {
    const chosen = selection[key];
    if (chosen === true) parts.firstView[key] = value;
    else if (chosen === undefined) parts.later[key] = value;
    else {
      const inner = split(value as MessageTree, chosen, file, `${at}${key}.`);
      parts.firstView[key] = inner.firstView;
      if (Object.keys(inner.later).length > 0) parts.later[key] = inner.later;
    }
  }
  return parts;
}

/**
 * Splits a locale file into the messages under `paths` (whole sections, `map`, or groups and
 * messages within one, `auth.menu`) and every other message, keys and nesting kept: merged back
 * deeply, the two parts are the file. A path the file does not have is refused, so the list of
 * the first view's messages cannot quietly go stale.
 */
export function splitMessages(tree: MessageTree, paths: readonly string[], file: string): MessageParts {
  return split(tree, selectionOf(paths), file, '');
}
