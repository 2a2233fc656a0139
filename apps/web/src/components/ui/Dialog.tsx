import type { ReactNode } from 'react';
import { ModalCloseButton, ModalSurface } from './modal.tsx';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** Visually hide the heading (it still names the dialog). */
  hideTitle?: boolean;
  children: ReactNode;
  /** Width class of the panel (default max-w-md). */
  size?: string;
  /** Extra classes for the panel. */
  className?: string;
}

/**
 * A modal dialog: role="dialog", aria-modal, named by its title; focus trapped inside, Escape and the backdrop
 * close it, focus returns to the opener. Rises from the bottom on phones, centred from 640 px.
 */
export function Dialog({ open, onClose, title, hideTitle, children, size = 'sm:max-w-md', className = '' }: DialogProps) {
  return (
    <ModalSurface
      open={open}
      onClose={onClose}
      overlayClassName="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4"
      panelClassName={`relative flex max-h-[92vh] w-full flex-col rounded-t-2xl bg-white shadow-2xl sm:rounded-2xl ${size} ${className}`}
    >
      {(titleId) => (
        <>
          <div className={`flex items-start gap-3 px-5 pt-4 ${hideTitle ? 'justify-end' : 'justify-between border-b border-sand-100 pb-3'}`}>
            <h2 id={titleId} className={hideTitle ? 'sr-only' : 'font-display text-xl text-brand-800'}>
              {title}
            </h2>
            <ModalCloseButton onClose={onClose} />
          </div>
          <div className="overflow-y-auto px-5 pt-3 pb-5">{children}</div>
        </>
      )}
    </ModalSurface>
  );
}
