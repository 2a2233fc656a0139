/**
 * Contact details in chat text are hidden from the recipient (issue 13: keeps the sale on the platform, as
 * marketplaces do; the chat says so). The sender still sees what they wrote; the database keeps the original.
 *
 * People who want to trade contacts write them in ways a plain pattern misses (issue 23): digits of other scripts
 * (Devanagari ९८७…, full-width ９８７…), number words in English or Hindi ("nine eight seven", "नौ आठ सात", "double
 * eight"), separators inside the number ("98765 / 43210"), e-mails spelled out ("asha at gmail dot com"), UPI ids
 * ("asha@okaxis"). The text is looked at in a normal form (NFKC, every decimal digit as 0–9, number words as digits);
 * what is found there is hidden in the text as written, the rest left exactly as it was.
 */

const HIDDEN = '[hidden]';

const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;
const DOMAIN = /\b[a-z0-9-]+\.(?:com|in|net|org|co|io|me|shop|store|link|ly)\b(?:\/\S*)?/gi;
// Each match starts at the start of a word (the look-behind): trying every later letter of a long word again would
// cost time in the square of its length.
const USER = '(?<![a-z0-9._%+-])[a-z0-9._%+-]+';
const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;

// "@" and "." written out, as people do to slip past a filter: "[at]", "(dot)", " at ", " dot "
const AT = String.raw`(?:\s*@\s*|\s*[[({<]\s*at\s*[\])}>]\s*|\s+at\s+)`;
const DOT = String.raw`(?:\.|\s*[[({<]\s*dot\s*[\])}>]\s*|\s+dot\s+)`;
const TLD = '(?:com|in|net|org|co|io|me|info|biz|edu|gov|ac|us|uk|app|dev|xyz|online|site|shop|store|email|live)';
const SPELLED_EMAIL = new RegExp(String.raw`${USER}${AT}[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}${TLD}(?![a-z0-9])`, 'gi');
// a mail provider or UPI handle named after "at" needs no ".com": "asha at gmail", "asha at okaxis"
// (handles that are also everyday words, such as "fam" or "upi", are left to the "@" form, which HANDLE hides)
const PROVIDERS =
  '(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|rediffmail|icloud|protonmail|' +
  'okaxis|oksbi|okhdfcbank|okicici|ybl|ibl|axl|paytm|apl|ptyes|ptaxis|pthdfc|ptsbi|hdfcbank|axisbank|yapl|jupiteraxis|waaxis|wahdfcbank|wasbi|waicici)';
const NAMED_PROVIDER = new RegExp(String.raw`${USER}${AT}${PROVIDERS}(?![a-z0-9])`, 'gi');
// a UPI id (asha@okaxis, 9876543210@ybl) or any other "@handle" without a dot after it
const HANDLE = /(?<![a-z0-9._-])[a-z0-9._-]*@[a-z][a-z0-9_.-]*/gi;

/** Number words, English and Hindi (Devanagari and Latin spellings), by the digit they stand for. */
const NUMBER_WORDS: Record<string, string> = {};
for (const [digit, words] of [
  ['0', 'zero shunya shoonya sunya शून्य शुन्य सुन्न ज़ीरो जीरो'],
  ['1', 'one ek एक'],
  ['2', 'two do दो'],
  ['3', 'three teen tin तीन'],
  ['4', 'four char chaar चार'],
  ['5', 'five paanch panch paach पांच पाँच पाच'],
  ['6', 'six chhe chhah chah che छह छः छे छ'],
  ['7', 'seven saat sat सात'],
  ['8', 'eight aath ath आठ'],
  ['9', 'nine nau नौ नो'],
] as const) {
  for (const w of words.split(' ')) NUMBER_WORDS[w] = digit;
}
const REPEATS: Record<string, number> = { double: 2, triple: 3, डबल: 2, ट्रिपल: 3 };
const WORD = `(?:${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const REPEAT = `(?:${Object.keys(REPEATS).join('|')})`;
// letters and marks: Devanagari vowel signs are marks, and \b knows neither
const EDGE_BEFORE = String.raw`(?<![\p{L}\p{M}])`;
const EDGE_AFTER = String.raw`(?![\p{L}\p{M}])`;
const TOKEN = String.raw`(?:\d+|${EDGE_BEFORE}(?:${REPEAT}\s*)?${WORD}${EDGE_AFTER})`;
// between the digits of one number: spaces, dots, slashes, dashes, brackets (up to four of them)
const SEPARATOR = String.raw`[\s./\\()\-–—_*|]{0,4}`;
const NUMBER_RUN = new RegExp(String.raw`\+?${TOKEN}(?:${SEPARATOR}${TOKEN})*`, 'giu');
const RUN_PART = new RegExp(String.raw`\d+|(?:(${REPEAT})\s*)?(${WORD})`, 'giu');

/** At least this many number words in a row are hidden even when they do not spell a whole phone number. */
const MIN_WORDS = 7;

type Span = [start: number, end: number];

/** One group of digits in a run, where it sits in the normal text, and whether it was written as a word. */
interface Group {
  digits: string;
  start: number;
  end: number;
  word: boolean;
}

/**
 * Whether `digits` (a `plus` before them or not) is a phone number: an Indian mobile (ten digits from 6), with 0, 91
 * or 0091 before it; an STD number (0 and ten digits); or an international number written with +.
 */
function isPhone(digits: string, plus: boolean): boolean {
  if (plus) return digits.length >= 10 && digits.length <= 13;
  if (digits.length === 10) return /^[6-9]/.test(digits);
  if (digits.length === 11) return digits.startsWith('0');
  if (digits.length === 12) return /^91[6-9]/.test(digits);
  if (digits.length === 14) return /^0091[6-9]/.test(digits);
  return false;
}

function numberSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of text.matchAll(NUMBER_RUN)) {
    const groups: Group[] = [];
    for (const part of run[0].matchAll(RUN_PART)) {
      const start = run.index + part.index;
      const end = start + part[0].length;
      const word = part[2]?.toLowerCase();
      if (word === undefined) groups.push({ digits: part[0], start, end, word: false });
      else groups.push({ digits: NUMBER_WORDS[word]!.repeat(part[1] ? REPEATS[part[1].toLowerCase()]! : 1), start, end, word: true });
    }
    if (groups.filter((g) => g.word).reduce((n, g) => n + g.digits.length, 0) >= MIN_WORDS) {
      spans.push([run.index, run.index + run[0].length]);
      continue;
    }
    // any stretch of whole groups that spells a phone number: "size 42, 98765 43210" hides the second part only
    for (let i = 0; i < groups.length; i++) {
      const plus = text[groups[i]!.start - 1] === '+';
      let digits = '';
      for (let j = i; j < groups.length && digits.length < 14; j++) {
        digits += groups[j]!.digits;
        if (!isPhone(digits, plus)) continue;
        const start = groups[i]!.start - (plus ? 1 : 0);
        spans.push([text[start - 1] === '(' ? start - 1 : start, groups[j]!.end]);
      }
    }
  }
  return spans;
}

/** Where each decimal digit of any script stands in its run of ten (Unicode keeps 0–9 together, in order). */
const digitValues = new Map<string, string>();
function asciiDigit(ch: string): string {
  let value = digitValues.get(ch);
  if (value === undefined) {
    let cp = ch.codePointAt(0)!;
    let back = 0;
    while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1))) {
      cp--;
      back++;
    }
    value = String(back % 10);
    digitValues.set(ch, value);
  }
  return value;
}

/** The text in its normal form, and for each of its code units the stretch of the original it came from. */
function normalise(text: string): { norm: string; from: number[]; to: number[] } {
  let norm = '';
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  for (const ch of text) {
    // ASCII is its own normal form (and most chat text is ASCII)
    let n = ch < '\u0080' ? ch : ch.normalize('NFKC').replace(/\p{Nd}/gu, asciiDigit);
    if (!n) n = ch;
    for (let k = 0; k < n.length; k++) {
      from.push(at);
      to.push(at + ch.length);
    }
    norm += n;
    at += ch.length;
  }
  return { norm, from, to };
}

export function maskContacts(text: string): string {
  if (!text) return text;
  const { norm, from, to } = normalise(text);
  const spans: Span[] = [];
  for (const re of [LINK, EMAIL, SPELLED_EMAIL, NAMED_PROVIDER, HANDLE, DOMAIN]) {
    for (const m of norm.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
  }
  spans.push(...numberSpans(norm));
  if (!spans.length) return text;
  // the stretches of the original, merged where they overlap or touch
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let kept = 0;
  let current: Span | null = null;
  const flush = () => {
    if (!current) return;
    out += text.slice(kept, current[0]) + HIDDEN;
    kept = current[1];
  };
  for (const [s, e] of spans) {
    if (e <= s) continue;
    const start = from[s]!;
    const end = to[e - 1]!;
    if (current && start <= current[1]) current[1] = Math.max(current[1], end);
    else {
      flush();
      current = [start, end];
    }
  }
  flush();
  return out + text.slice(kept);
}
