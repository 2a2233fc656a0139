import { Link } from 'react-router';
import { buttonClass } from '../components/ui/Button.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';

/** Help from the floating icon: where to find answers and how to reach the team. */
export default function SupportDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="How can we help?">
      <p className="text-sm leading-6 text-ink-700">
        Questions about an order, a return, selling on Statewise or a bulk purchase? Our team reads every message and replies by e-mail.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Link to="/contact-us" onClick={onClose} className={buttonClass('primary', 'md', 'flex-1')} data-autofocus>
          Contact us
        </Link>
        <Link to="/FAQ" onClick={onClose} className={buttonClass('outline', 'md', 'flex-1')}>
          Read the FAQ
        </Link>
      </div>
    </Dialog>
  );
}
