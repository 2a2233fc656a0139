import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './icons.tsx';
import { close } from './icon-paths.ts';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** Open modals, innermost last: only the top one answers Escape and traps Tab. */
const stack: symbol[] = [];

/**
 * What every modal surface (Dialog, Drawer, through ModalSurface) needs: focus moves in on open (to `[data-autofocus]`, else the first
 * focusable, else the panel), Tab and Shift+Tab stay inside, Escape closes, the page behind does not scroll, and
 * focus returns to what had it before. Returns the ref callback for the panel element: the panel is kept in state, so
 * the effect runs once the portal's element exists, whichever renderer sets refs first (React, or Preact in the build).
 */
export function useModal<T extends HTMLElement>(open: boolean, onClose: () => void) {
  const [panel, ref] = useState<T | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // A layout effect: the focus trap and Escape are in place as soon as the panel is drawn, not a frame later
  // (Preact runs plain effects after the next paint, when a quick Escape could already have been missed).
  useLayoutEffect(() => {
    if (!open || !panel) return;
    const me = Symbol('modal');
    stack.push(me);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden],[inert]'));
    (panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? panel).focus();

    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== me) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) {
        e.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(me), 1);
      if (stack.length === 0) document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open, panel]);

  return ref;
}

/**
 * The plumbing Dialog and Drawer share: nothing while closed; open, a portal on <body> with `overlayClassName`
 * (the positioning layer), a dimmed backdrop that closes on click, and the panel — role="dialog", aria-modal,
 * named by the element whose id `children` receives, with useModal's focus trap, Escape and scroll lock.
 *
 *   <ModalSurface open={open} onClose={close} overlayClassName="fixed inset-0 z-50" panelClassName="…">
 *     {(titleId) => <h2 id={titleId}>Title</h2>}
 *   </ModalSurface>
 */
export function ModalSurface({
  open,
  onClose,
  overlayClassName,
  panelClassName,
  children,
}: {
  open: boolean;
  onClose: () => void;
  overlayClassName: string;
  panelClassName: string;
  children: (titleId: string) => ReactNode;
}) {
  const ref = useModal<HTMLDivElement>(open, onClose);
  const titleId = useId();
  if (!open) return null;
  return createPortal(
    <div className={overlayClassName}>
      <div className="absolute inset-0 bg-ink-900/55" onClick={onClose} aria-hidden="true" />
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`${panelClassName} outline-none`}>
        {children(titleId)}
      </div>
    </div>,
    document.body,
  );
}

/** The × button of a modal's header. */
export function ModalCloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" onClick={onClose} aria-label="Close" className="-mr-2 rounded-full p-2 text-ink-500 hover:bg-sand-100 hover:text-ink-900">
      <Icon d={close} />
    </button>
  );
}
