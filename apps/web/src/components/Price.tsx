import { formatINR } from '@statewise/contract/format';

/**
 * A product's price as cards and lines show it: the offered price, and the list price struck through (read out
 * as "was ₹…") when it is higher.
 *
 *   <Price price={p.price} offeredPrice={p.offeredPrice} />
 */
export function Price({ price, offeredPrice, className = 'mt-1' }: { price: number; offeredPrice: number; className?: string }) {
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-semibold text-ink-900">{formatINR(offeredPrice)}</span>
      {price > offeredPrice ? (
        <s className="text-xs text-ink-500">
          <span className="sr-only">was </span>
          {formatINR(price)}
        </s>
      ) : null}
    </p>
  );
}
