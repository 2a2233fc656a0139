import { buttonClass, type ButtonSize, type ButtonVariant } from '../../components/ui/Button.tsx';
import { useStartChat } from '../chat/start-chat.ts';

/**
 * Chat With Vendor on the store page and the directory (shopping §2 Vendor store, accounts §2.7, §6): hidden for a
 * vendor (vendors cannot start a chat) and an admin; a guest gets the login prompt (accounts §4.11); a shopper's
 * chat with the vendor is created or opened (POST chat/create) and shown.
 */
export function ChatWithVendor({
  vendorUserId,
  label = 'Chat With Vendor',
  variant = 'secondary',
  size = 'md',
  className = '',
}: {
  vendorUserId: string;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const { start, busy, canChat } = useStartChat();
  if (!canChat) return null;
  return (
    <button type="button" data-vendor={vendorUserId} className={buttonClass(variant, size, className)} disabled={busy} onClick={() => start(vendorUserId)}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
        <path d="M5 5h14v10H9l-4 4V5z" />
      </svg>
      {label}
    </button>
  );
}
