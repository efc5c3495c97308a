import { domainToUnicode } from 'node:url';

/**
 * Look-alike e-mail addresses (issue 21 #23): an admin adding `adrnin@hearth.org` or `аdmin@hearth.org` (Cyrillic а)
 * next to `admin@hearth.org` should be told before it becomes a second account that reads as the first. Two
 * addresses look alike when their skeletons match: compatibility-normalised (NFKC), lower case, without accents or
 * invisible characters, punycode read as the letters it encodes, common homoglyphs mapped to one letter, and — as
 * many mail providers deliver them to the same mailbox — without dots or a +tag in the part before the @.
 */

// Letters of other scripts (and a few Latin ones) that are drawn like a Latin letter or digit.
const HOMOGLYPHS: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ѵ: 'v',
  ո: 'n',
  ս: 'u',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ϲ: 'c',
  // Latin look-alikes and digits
  ı: 'i',
  ɩ: 'i',
  ł: 'l',
  ɡ: 'g',
  ɑ: 'a',
  ß: 'ss',
  '0': 'o',
  '1': 'l',
  '|': 'l',
};

const INVISIBLE = /[\p{Cf}\p{Cc}\s]/gu;
const MARKS = /\p{M}/gu;

function letters(part: string): string {
  const plain = part.normalize('NFKC').toLowerCase().replace(INVISIBLE, '').normalize('NFD').replace(MARKS, '');
  return Array.from(plain, (c) => HOMOGLYPHS[c] ?? c)
    .join('')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

function unicodeDomain(domain: string): string {
  const trimmed = domain.replace(/\.+$/, '');
  if (!/(^|\.)xn--/i.test(trimmed)) return trimmed;
  return domainToUnicode(trimmed.toLowerCase()) || trimmed;
}

/** What an address looks like to a reader (see above); equal skeletons mean addresses a person would confuse. */
export function emailSkeleton(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at + 1);
  const mailbox = local.normalize('NFKC').split('+')[0].replace(/\./g, '');
  return `${letters(mailbox)}@${letters(unicodeDomain(domain.normalize('NFKC')))}`;
}

const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee', 'Georgian'].map(
  (name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const,
);

/** The scripts mixed in one part of the address (before or after the @), e.g. ['Latin', 'Cyrillic']; empty if none. */
export function mixedScripts(email: string): string[] {
  for (const part of email.split('@').map((p) => unicodeDomain(p).normalize('NFKC'))) {
    const found = SCRIPTS.filter(([, re]) => Array.from(part).some((c) => re.test(c))).map(([name]) => name);
    if (found.length > 1) return found;
  }
  return [];
}

/** The addresses of `existing` that `email` looks like, itself excepted (an exact duplicate is a conflict of its own). */
export function lookAlikes(email: string, existing: string[]): string[] {
  const skeleton = emailSkeleton(email);
  return existing.filter((other) => other !== email && emailSkeleton(other) === skeleton);
}
