import { encodeWord } from 'nodemailer/lib/mime-funcs';

/**
 * A subject as the one header line mail clients show as it was stored. Line breaks (from a
 * place's name, say) become spaces. A subject that is plain ASCII goes out as it is, and a client
 * decodes any `=?charset?B|Q?…?=` in it as an encoded word (RFC 2047): a name holding one would
 * show other text than the name stored ("=?UTF-8?B?U2lnbiBpbiBoZXJl?=" reads "Sign in here").
 * Such a subject is encoded whole, so it reads exactly as written.
 */
export function subjectLine(subject: string): string {
  const line = subject.replace(/[\r\n]+/g, ' ');
  return line.includes('=?') ? encodeWord(line, 'Q', 52) : line;
}
