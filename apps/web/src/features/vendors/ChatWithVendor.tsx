import { buttonClass, type ButtonSize, type ButtonVariant } from '../../components/ui/Button.tsx';
import { openLogin } from '../auth/login-prompt.ts';
import { useSession } from '../auth/session.ts';

/**
 * Chat With Vendor on the store page and the directory (shopping §2 Vendor store, accounts §2.7, §6):
 * - hidden for a vendor (vendors cannot start a chat);
 * - a guest gets the login prompt (accounts §4.11 "logged-out users get a login prompt");
 * - signed-in users: POST chat/create and the chat screens come with the chat issue. Until then the button is
 *   hidden for them rather than shown doing nothing. The chat feature replaces the `return null` below with
 *   "create or open the chat with `vendorUserId`, then go to /chat/{id}".
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
  const { isLoggedIn, role } = useSession();
  if (role === 'vendor') return null;
  if (isLoggedIn) return null; // the chat feature is not built yet (see above)
  return (
    <button type="button" data-vendor={vendorUserId} className={buttonClass(variant, size, className)} onClick={() => openLogin()}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
        <path d="M5 5h14v10H9l-4 4V5z" />
      </svg>
      {label}
    </button>
  );
}
