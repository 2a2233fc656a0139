/**
 * An amount in words in the Indian numbering system (thousand, lakh, crore), as Indian invoices print it:
 *
 *   amountInWords(12345600)  → 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Only'
 *   amountInWords(10550)     → 'Rupees One Hundred Five and Fifty Paise Only'
 *   amountInWords(0)         → 'Rupees Zero Only'
 *
 * The input is whole paise. Above 99 crore the crores are counted in words too ('One Hundred Crore').
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99 → 'Fifty-Six' */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const ones = n % 10;
  return ones ? `${TENS[Math.floor(n / 10)]}-${ONES[ones]}` : TENS[Math.floor(n / 10)]!;
}

/** 1–999 → 'Four Hundred Fifty-Six' */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number ≥ 0 in words, Indian grouping: 12,34,56,789 → 'Twelve Crore Thirty-Four Lakh …'. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Expected a whole number ≥ 0, got ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Whole paise → 'Rupees … [and … Paise] Only'. */
export function amountInWords(totalPaise: number): string {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError(`Expected whole paise ≥ 0, got ${totalPaise}`);
  const rupees = Math.floor(totalPaise / 100);
  const paise = totalPaise % 100;
  if (rupees === 0 && paise > 0) return `${belowHundred(paise)} Paise Only`;
  return `Rupees ${numberInWords(rupees)}${paise ? ` and ${belowHundred(paise)} Paise` : ''} Only`;
}
