import type { ReactNode } from 'react';
import { ModalCloseButton, ModalSurface } from './modal.tsx';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Which edge it slides from (default left). */
  side?: 'left' | 'right';
  children: ReactNode;
  /** Pinned to the bottom (e.g. a checkout button). */
  footer?: ReactNode;
}

/** A side panel with the same modal behaviour as Dialog (focus trap, Escape, backdrop, aria). */
export function Drawer({ open, onClose, title, side = 'left', children, footer }: DrawerProps) {
  return (
    <ModalSurface
      open={open}
      onClose={onClose}
      overlayClassName="fixed inset-0 z-50"
      panelClassName={`absolute inset-y-0 flex w-[86vw] max-w-sm flex-col bg-sand-50 shadow-2xl ${side === 'left' ? 'left-0 animate-[sw-in-left_.2s_ease-out]' : 'right-0 animate-[sw-in-right_.2s_ease-out]'}`}
    >
      {(titleId) => (
        <>
          <div className="flex items-center justify-between border-b border-sand-100 bg-white px-4 py-3">
            <h2 id={titleId} className="font-display text-lg text-brand-800">
              {title}
            </h2>
            <ModalCloseButton onClose={onClose} />
          </div>
          <div className="flex-1 overflow-y-auto">{children}</div>
          {footer ? <div className="border-t border-sand-100 bg-white p-4">{footer}</div> : null}
        </>
      )}
    </ModalSurface>
  );
}
