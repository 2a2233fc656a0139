/**
 * The accepted ways to pay, as plain badges with generic glyphs (no payment network's marks are copied).
 */
const METHODS: Array<{ label: string; path: string }> = [
  // UPI: a phone with a rupee
  { label: 'UPI', path: 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm2 5h4m-4 2h4m-3.5 0c2 0 2-2 0-2M10 10l3 4' },
  // cards
  { label: 'Cards', path: 'M3 6h18v12H3zM3 10h18M6 15h4' },
  // net banking: a bank building
  { label: 'Net Banking', path: 'M3 9l9-5 9 5M5 10v7m4.6-7v7m4.8-7v7M19 10v7M3 20h18' },
  // wallets
  { label: 'Wallets', path: 'M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4V7zm0 0 11-3v3m1 6h.01' },
];

export function PaymentBadges({ className = '' }: { className?: string }) {
  return (
    <div className={className}>
      <p className="text-xs font-semibold tracking-wider text-ink-500 uppercase">We accept</p>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Accepted payment methods">
        {METHODS.map((m) => (
          <li key={m.label} className="inline-flex items-center gap-1.5 rounded-md border border-sand-100 bg-sand-50 px-2 py-1 text-xs font-semibold text-ink-700">
            <svg viewBox="0 0 24 24" className="size-4 text-brand-700" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d={m.path} />
            </svg>
            {m.label}
          </li>
        ))}
      </ul>
      <p className="mt-3 flex items-center gap-1.5 text-xs text-ink-500">
        <svg viewBox="0 0 24 24" className="size-4 text-leaf-600" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3zm-3 9 2 2 4-4" />
        </svg>
        Safe and secure payments
      </p>
    </div>
  );
}
