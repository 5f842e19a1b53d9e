/**
 * Whether a text holds a link: an address with a scheme (`https://…`, `ftp://…`), one starting
 * with `www.`, or a bare domain (`example.com`, `Voda.HR/cijene`). Signed-out authors may not
 * post links, which is most of what spam is for.
 *
 * A bare domain needs a top-level domain from {@link LINK_TLDS}, not any word after a dot, so
 * that Croatian abbreviations and times stay text: "npr. voda", "pon.-pet. 8.30", "ul. Ilica",
 * "sv.Ante", and a sentence that misses its space ("Danas.Je zatvoreno") are not links.
 */
export function containsLink(text: string): boolean {
  return SCHEME.test(text) || WWW.test(text) || BARE_DOMAIN.test(text);
}

/**
 * Top-level domains that make `name.tld` a link: the generic ones spam uses most, the region's
 * and the big countries' codes. Two-letter codes that are everyday words in Croatian ("je", "na",
 * "da", "ne", "do", "to", "se", "po", "od", "za", "no") are left out: "Otvoreno.Do 8" is a typo, not a link.
 */
export const LINK_TLDS = [
  // Generic
  'com',
  'net',
  'org',
  'info',
  'biz',
  'io',
  'co',
  'app',
  'dev',
  'xyz',
  'online',
  'site',
  'website',
  'shop',
  'store',
  'top',
  'club',
  'link',
  'live',
  'pro',
  'tv',
  'cc',
  'ly',
  'gg',
  'ai',
  'ws',
  'su',
  'page',
  'blog',
  'news',
  'click',
  'icu',
  'vip',
  'win',
  'bet',
  'casino',
  'loan',
  'work',
  'tech',
  'space',
  'fun',
  'today',
  'world',
  'email',
  'eu',
  'me',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'cn',
  'in',
  // The region and large countries
  'hr',
  'ba',
  'rs',
  'si',
  'mk',
  'al',
  'hu',
  'at',
  'de',
  'it',
  'ch',
  'fr',
  'uk',
  'nl',
  'be',
  'pl',
  'cz',
  'sk',
  'ro',
  'bg',
  'gr',
  'es',
  'pt',
  'ie',
  'dk',
  'fi',
  'ru',
  'ua',
  'tr',
  'us',
  'ca',
  'au',
  'br',
  'jp',
] as const;

const SCHEME = /\b[a-z][a-z0-9+.-]{1,15}:\/\/\S/i;
const WWW = /(?<![\p{L}\p{N}_-])www\d{0,3}\.[\p{L}\p{N}]/iu;
// Labels of letters, digits and inner hyphens, a dot between, ending in a known TLD that is not
// followed by more of a word ("example.com" yes, "example.comma" no).
const BARE_DOMAIN = new RegExp(
  `(?<![\\p{L}\\p{N}_.-])(?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,62}[\\p{L}\\p{N}])?\\.)+(?:${LINK_TLDS.join('|')})(?![\\p{L}\\p{N}_-])`,
  'iu',
);
