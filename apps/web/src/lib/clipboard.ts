/**
 * Copies text to the clipboard: the async Clipboard API first, and where it is missing (plain
 * http, older browsers) or refused (permissions), a hidden textarea with `execCommand('copy')`.
 * Resolves to whether the text was copied.
 */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Refused, e.g. the document lost focus: try the legacy path below.
    }
  }
  return copyWithTextarea(text, doc);
}

function copyWithTextarea(text: string, doc: Document): boolean {
  const previousFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  const textarea = doc.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  textarea.tabIndex = -1;
  // Off-screen but rendered: a textarea with display:none cannot be selected.
  Object.assign(textarea.style, { position: 'fixed', top: '0', left: '-9999px', opacity: '0' });
  doc.body.append(textarea);
  try {
    // execCommand copies the focused selection: focus first, or some browsers copy nothing.
    textarea.focus({ preventScroll: true });
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
    previousFocus?.focus({ preventScroll: true });
  }
}
