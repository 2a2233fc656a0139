import { formatINR } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Drawer } from '../../components/ui/Drawer.tsx';
import { Icon } from '../../components/ui/icons.tsx';
import { useCart, useRemoveCartLine, type CartItem } from './api.ts';
import { closeCartDrawer } from './cart-drawer.ts';
import { optionLabel, CartLineRow } from './CartLineRow.tsx';
import { useMoveToWishlist } from './line-actions.ts';

const trash = 'M5 7h14M10 11v6m4-6v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3';

/**
 * The header's cart drawer (shopping §2 Cart): the lines with their steppers, remove through the 'Move from Cart'
 * confirmation (Remove, or Move to wishlist), the subtotal, and Checkout straight to checkout: /checkout (signed
 * in) or /guestCheckout (guest) — issue 9; the spec's drawer went back to the cart pages, one step too many. Loaded
 * when it first opens; closes when the page changes.
 */
export default function CartDrawer() {
  const cart = useCart();
  const { pathname } = useLocation();
  const [confirm, setConfirm] = useState<CartItem | null>(null);
  const first = useRef(pathname);

  useEffect(() => {
    if (pathname !== first.current) closeCartDrawer();
  }, [pathname]);

  const checkoutTo = cart.isGuest ? '/guestCheckout' : '/checkout';
  const title = cart.count ? `Your Cart (${cart.count})` : 'Your Cart';

  const footer = cart.items.length ? (
    <div>
      <div className="flex items-baseline justify-between">
        <span className="text-sm text-ink-700">Subtotal</span>
        <span className="text-lg font-semibold text-ink-900">{formatINR(cart.subTotal)}</span>
      </div>
      {cart.savings > 0 ? <p className="mt-0.5 text-xs font-medium text-leaf-600">You save {formatINR(cart.savings)} on this order</p> : null}
      <p className="mt-0.5 text-xs text-ink-500">{MSG.shippingInclusive}</p>
      <Link to={checkoutTo} onClick={closeCartDrawer} className={buttonClass('primary', 'lg', 'mt-3 w-full')}>
        Checkout
      </Link>
      <button type="button" onClick={closeCartDrawer} className="mt-2 w-full py-1 text-sm font-semibold text-brand-700 hover:underline">
        Continue shopping
      </button>
    </div>
  ) : null;

  return (
    <>
      <Drawer open onClose={closeCartDrawer} title={title} side="right" footer={footer}>
        {cart.isLoading ? (
          <p className="p-6 text-center text-sm text-ink-500" role="status">
            Loading your cart…
          </p>
        ) : cart.isError ? (
          <div className="p-6 text-center text-sm text-ink-700" role="alert">
            <p>{MSG.serverError}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={cart.refetch}>
              Try again
            </Button>
          </div>
        ) : cart.items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-12 text-center">
            <EmptyBag />
            <p className="mt-4 font-display text-lg text-brand-800">{MSG.cartEmpty}</p>
            <button type="button" onClick={closeCartDrawer} className={buttonClass('outline', 'md', 'mt-5')}>
              Continue shopping
            </button>
          </div>
        ) : (
          <ul className="divide-y divide-sand-100">
            {cart.items.map((item) => (
              <li key={item.key} className="bg-white p-4">
                <CartLineRow
                  item={item}
                  compact
                  onNavigate={closeCartDrawer}
                  actions={
                    <button
                      type="button"
                      onClick={() => setConfirm(item)}
                      aria-label={`Remove ${item.name}`}
                      className="rounded-full p-2 text-ink-500 hover:bg-sand-100 hover:text-red-700"
                    >
                      <Icon d={trash} className="size-[18px]" />
                    </button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Drawer>
      {confirm ? <MoveFromCartDialog item={confirm} onClose={() => setConfirm(null)} /> : null}
    </>
  );
}

/** 'Move from Cart': Remove, or Move to wishlist (shopping §2 Cart). */
export function MoveFromCartDialog({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const { remove, pendingKey } = useRemoveCartLine();
  const { move, isPending } = useMoveToWishlist();
  const option = optionLabel(item);
  const busy = pendingKey === item.key || isPending;
  return (
    <Dialog open onClose={onClose} title="Move from Cart">
      <div className="flex gap-3">
        {item.image ? <img src={item.image} alt="" width={600} height={800} className="aspect-[3/4] w-16 shrink-0 rounded-md bg-sand-100 object-cover" /> : null}
        <div className="min-w-0">
          <p className="line-clamp-2 text-sm font-medium text-ink-900">{item.name}</p>
          {option ? <p className="text-xs text-ink-500">{option}</p> : null}
          <p className="mt-2 text-sm text-ink-700">Are you sure you want to move this item from your cart?</p>
        </div>
      </div>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button variant="outline" className="px-3! whitespace-nowrap" disabled={busy} onClick={() => void remove(item).then((ok) => ok && onClose())}>
          Remove
        </Button>
        <Button className="px-3! whitespace-nowrap" disabled={busy} onClick={() => void move(item).then((ok) => ok && onClose())}>
          Move to wishlist
        </Button>
      </div>
    </Dialog>
  );
}

/** An empty shopping bag with a paisley, for empty carts. */
export function EmptyBag() {
  return (
    <svg viewBox="0 0 96 96" className="size-24" aria-hidden="true">
      <circle cx="48" cy="48" r="46" className="fill-brand-50" />
      <path d="M26 36h44l-3 38a4 4 0 0 1-4 4H33a4 4 0 0 1-4-4z" className="fill-white stroke-brand-700" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M38 40v-6a10 10 0 0 1 20 0v6" fill="none" className="stroke-brand-700" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M48 66c-6-2-9-7-7-12 2-4 8-4 9 0 1 3-2 5-4 4" fill="none" className="stroke-saffron-500" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
