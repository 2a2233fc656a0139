import type { toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;
type Kind = 'success' | 'error' | 'info' | 'warning';
type Args = Parameters<Toast['success']>;

let loaded: Toast | undefined;
let loading: Promise<Toast> | undefined;
const load = () => (loading ??= import('sonner').then((m) => (loaded = m.toast)));

function show(kind: Kind, args: Args): void {
  if (loaded) loaded[kind](...args);
  else void load().then((t) => t[kind](...args));
}

/**
 * sonner's toast for the modules of a landing page's first screen (the product card, the wishlist hooks): the same
 * calls, but the library (33 KB, which also writes its stylesheet into the page as it loads) is fetched and run only
 * when the first toast is shown or the layout's Toaster arrives after the first paint, not before the page can draw
 * (issue 9: it was a third of the first screen's shared chunk). A toast asked for before then appears a moment later.
 */
export const toast = {
  success: (...args: Args) => show('success', args),
  error: (...args: Args) => show('error', args),
  info: (...args: Args) => show('info', args),
  warning: (...args: Args) => show('warning', args),
};
