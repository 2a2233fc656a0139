import { MSG } from '@statewise/contract/messages';
import { Link } from 'react-router';
import { Price } from '../../components/Price.tsx';
import { QuantityStepper } from '../../components/ui/QuantityStepper.tsx';
import { useUpdateCartLine, type CartItem } from './api.ts';

/** 'Size M' or 'Colour Indigo' or 'Free size'. */
export function optionLabel(item: Pick<CartItem, 'size' | 'color' | 'isFreeSize' | 'isColorOptions'>): string | null {
  if (item.isColorOptions && item.color) return `Colour: ${item.color}`;
  if (item.size) return `Size: ${item.size.toUpperCase()}`;
  if (item.isFreeSize) return 'Free size';
  return null;
}

/**
 * One cart line: picture, name and option linking to the product, prices, the quantity stepper (capped by the
 * stock of its option and 10, with the spec's messages at the limits) and the caller's actions (Remove, Move to
 * Wishlist). `compact` is the drawer's layout.
 */
export function CartLineRow({
  item,
  compact = false,
  actions,
  onNavigate,
}: {
  item: CartItem;
  compact?: boolean;
  actions: React.ReactNode;
  /** Called when a link in the row is followed (the drawer closes). */
  onNavigate?: () => void;
}) {
  const { setQuantity, pendingKey } = useUpdateCartLine();
  const href = item.slug ? `/product/${item.slug}` : null;
  const option = optionLabel(item);
  const img = compact ? 'w-20' : 'w-24 md:w-28';
  const picture = item.image ? (
    <img src={item.image} alt="" width={600} height={800} loading="lazy" decoding="async" className="aspect-[3/4] w-full rounded-lg bg-sand-100 object-cover" />
  ) : (
    <div className="aspect-[3/4] w-full rounded-lg bg-sand-100" />
  );
  const onLimit = (edge: 'min' | 'max') => void setQuantity(item, edge === 'min' ? item.quantity - 1 : item.quantity + 1);

  return (
    <article className="flex gap-3" aria-label={item.name}>
      <div className={`${img} shrink-0`}>
        {href ? (
          <Link to={href} onClick={onNavigate} tabIndex={-1} aria-hidden="true">
            {picture}
          </Link>
        ) : (
          picture
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className={`${compact ? 'text-sm' : 'text-sm md:text-base'} line-clamp-2 leading-snug font-medium text-ink-900`}>
          {href ? (
            <Link to={href} onClick={onNavigate} className="hover:text-brand-700">
              {item.name}
            </Link>
          ) : (
            item.name
          )}
        </h3>
        {option ? <p className="mt-0.5 text-xs text-ink-500">{option}</p> : null}
        <Price price={item.price} offeredPrice={item.offeredPrice} />
        {item.outOfStock ? (
          <p className="mt-1 text-xs font-semibold text-red-700">
            {item.server?.productId.storeUnavailable ? MSG.storeUnavailable : item.limit > 0 ? `Only ${item.limit} left — lower the quantity to buy` : 'Out of stock'}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <QuantityStepper
            size="sm"
            value={item.quantity}
            max={Math.max(1, item.limit)}
            label={`Quantity of ${item.name}`}
            busy={pendingKey === item.key}
            onChange={(next) => void setQuantity(item, next)}
            onLimit={onLimit}
          />
          <div className="flex flex-wrap items-center justify-end gap-1">{actions}</div>
        </div>
      </div>
    </article>
  );
}
