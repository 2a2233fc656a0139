import { Link } from 'react-router';
import { Dialog } from '../components/ui/Dialog.tsx';
import { Icon } from '../components/ui/icons.tsx';
import { chevronRight, people } from '../components/ui/icon-paths.ts';
import { DigiChat } from '../features/chatbot/DigiChat.tsx';

/**
 * The floating button's support dialog (accounts §2.8): the Digi chatbot, with the community, the contact form and
 * the FAQ one tap away (the community had a floating button of its own before; now it is linked from here).
 */
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
      <Link
        to="/community"
        onClick={onClose}
        className="mt-3 flex items-center gap-3 rounded-xl bg-brand-50 px-3 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-100"
      >
        <Icon d={people} className="size-5 shrink-0" />
        <span className="flex-1">Visit the community</span>
        <Icon d={chevronRight} className="size-4 shrink-0" />
      </Link>
    </Dialog>
  );
}
