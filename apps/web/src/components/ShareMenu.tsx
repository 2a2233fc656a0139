import { MSG } from '@statewise/contract/messages';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from './ui/Button.tsx';

/**
 * The share popover of the spec (shopping §2 product detail and vendor store, accounts §1): Facebook, WhatsApp,
 * Twitter and Copy link ('Link Copied Successfully'). One component for the product page and the store page;
 * the caller picks the trigger's look and the side the menu opens to.
 *
 *   <ShareMenu url={window.location.href} text="Aizawl Puan House on Statewise" menuPosition="right-0" />
 */
export interface ShareMenuProps {
  /** The absolute address to share (default: the current page). */
  url?: string;
  /** The words that go with the link on WhatsApp and Twitter. */
  text?: string;
  /** The trigger's classes (default: an outline button). */
  className?: string;
  /** The trigger's label (default Share). */
  label?: string;
  /** Where the menu opens, as position classes (default 'left-0': under the button, growing right; 'right-0' grows left). */
  menuPosition?: string;
  /** The menu's accessible name (default 'Share on'). */
  menuLabel?: string;
}

export function shareTargets(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, color: 'bg-[#1877f2]', glyph: 'f' },
    { name: 'WhatsApp', href: `https://wa.me/?text=${text ? `${t}%20` : ''}${u}`, color: 'bg-[#25d366]', glyph: 'W' },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}${text ? `&text=${t}` : ''}`, color: 'bg-ink-900', glyph: 'X' },
  ];
}

/** Copies text to the clipboard; falls back to a hidden textarea where the Clipboard API is missing (http, old browsers). */
export async function copyText(value: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(value);
      return true;
    }
  } catch {
    // permission refused: try the old way
  }
  try {
    const area = document.createElement('textarea');
    area.value = value;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  } catch {
    return false;
  }
}

const shareIcon = 'M16 8a3 3 0 1 0-2.8-4M8 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0zm0 0 8 4m-8-4 8-4m5 10a3 3 0 1 1-6 0 3 3 0 0 1 6 0z';

export function ShareMenu({ url, text = '', className, label = 'Share', menuPosition = 'left-0', menuLabel = 'Share on' }: ShareMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // absolute only once opened, in the browser (a server-rendered page has no address of its own to read)
  const href = open ? new URL(url ?? window.location.href, window.location.origin).href : '';
  const item = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-ink-900 hover:bg-sand-100 focus-visible:bg-sand-100 focus-visible:outline-none';

  return (
    <div ref={root} className="relative inline-block">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
        className={className ?? buttonClass('outline', 'md')}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
          <path d={shareIcon} />
        </svg>
        {label}
      </button>
      {open ? (
        <div id={menuId} role="group" aria-label={menuLabel} className={`absolute top-full z-30 mt-2 w-52 ${menuPosition} rounded-xl border border-sand-100 bg-white p-1.5 shadow-lg`}>
          {shareTargets(href, text).map((t) => (
            <a key={t.name} href={t.href} target="_blank" rel="noopener noreferrer" className={item} onClick={() => setOpen(false)}>
              <span className={`flex size-7 items-center justify-center rounded-full text-xs font-bold text-white ${t.color}`} aria-hidden="true">
                {t.glyph}
              </span>
              {t.name}
            </a>
          ))}
          <button
            type="button"
            className={item}
            onClick={async () => {
              setOpen(false);
              if (await copyText(href)) toast.success(MSG.linkCopied);
              else toast.error('Could not copy the link. Please copy it from the address bar.');
            }}
          >
            <span className="flex size-7 items-center justify-center rounded-full bg-sand-100 text-brand-700" aria-hidden="true">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-4">
                <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
              </svg>
            </span>
            Copy link
          </button>
        </div>
      ) : null}
    </div>
  );
}
