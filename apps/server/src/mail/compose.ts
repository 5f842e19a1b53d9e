/**
 * Lays an e-mail out as plain text and as HTML from the same parts: a greeting line, paragraphs,
 * one action link, and a footer naming the site. No images, no remote content, no tracking: the
 * HTML is only the text with a link a screen reader and any mail client can follow.
 */
export interface MailParts {
  siteName: string;
  /** PUBLIC_URL: the footer links to the site. */
  publicUrl: string;
  /** `lang` of the HTML. */
  language: string;
  subject: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** Lines after the action (why you got this, what to do if it was not you). */
  after?: readonly string[];
  /** Bulk messages (digests, notices): the one-click unsubscribe link (RFC 8058) and its label. */
  unsubscribe?: { label: string; url: string };
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** User text (names, reasons) goes into the HTML as text, never as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A subject is one header line: line breaks (from a place's name, say) become spaces. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

export function composeMail(parts: MailParts): ComposedMail {
  const subject = oneLine(parts.subject);
  const text = [
    ...parts.paragraphs,
    ...(parts.action ? [`${parts.action.label}:\n${parts.action.url}`] : []),
    ...(parts.after ?? []),
    `-- \n${parts.siteName}\n${parts.publicUrl}`,
    ...(parts.unsubscribe ? [`${parts.unsubscribe.label}: ${parts.unsubscribe.url}`] : []),
  ].join('\n\n');

  // A paragraph's own line breaks (a digest's list) stay line breaks.
  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px">${escapeHtml(line).replace(/\n/g, '<br>\n')}</p>`;
  const link = (url: string, label: string, style = '') =>
    `<a href="${escapeHtml(url)}"${style ? ` style="${style}"` : ''}>${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(parts.language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:1.5;color:#1f2937;background:#ffffff">
<div style="max-width:560px;margin:0 auto">
${parts.paragraphs.map(paragraph).join('\n')}
${
  parts.action
    ? `<p style="margin:24px 0">${link(parts.action.url, parts.action.label, 'display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600')}</p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5563;word-break:break-all">${escapeHtml(parts.action.url)}</p>`
    : ''
}
${(parts.after ?? []).map(paragraph).join('\n')}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="margin:0;font-size:14px;color:#4b5563">${link(parts.publicUrl, parts.siteName)}${
    parts.unsubscribe ? ` · ${link(parts.unsubscribe.url, parts.unsubscribe.label)}` : ''
  }</p>
</div>
</body>
</html>`;

  // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs without a visit.
  const headers: Record<string, string> = parts.unsubscribe
    ? {
        'List-Unsubscribe': `<${parts.unsubscribe.url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {};
  return { subject, text, html, headers };
}
