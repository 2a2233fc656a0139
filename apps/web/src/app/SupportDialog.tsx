import { Link } from 'react-router';
import { Dialog } from '../components/ui/Dialog.tsx';
import { DigiChat } from '../features/chatbot/DigiChat.tsx';

/** The floating icon's support dialog (accounts §2.8): the Digi chatbot, with the contact form and FAQ one tap away. */
export default function SupportDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Chat with Digi">
      <DigiChat />
      <p className="mt-4 border-t border-sand-100 pt-3 text-xs text-ink-700">
        Need a person?{' '}
        <Link to="/contact-us" onClick={onClose} className="font-semibold text-brand-700 underline">
          Contact us
        </Link>{' '}
        or read the{' '}
        <Link to="/FAQ" onClick={onClose} className="font-semibold text-brand-700 underline">
          FAQ
        </Link>
        .
      </p>
    </Dialog>
  );
}
