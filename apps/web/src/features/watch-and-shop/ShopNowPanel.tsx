import { QUANTITY } from '@statewise/contract/constants';
import type { VideoProduct } from '@statewise/contract/schemas/videos';
import { SHOP_VIDEO_MSG } from '@statewise/contract/videos';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Price } from '../../components/Price.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { QuantityStepper } from '../../components/ui/QuantityStepper.tsx';
import { useSession } from '../auth/session.ts';
import { useAddToCart } from '../cart/api.ts';
import { startBuyNow } from '../checkout/buy-now-item.ts';
import { buildBuyNowItem } from '../product/buy-now.ts';
import { asProductDetail, countCartAdd, shortName } from './api.ts';

/** Why the choice cannot go to the cart yet, in the feed's words (shopping §5), or null. */
export function choiceProblem(product: VideoProduct | undefined, size: string | null, color: string | null): string | null {
  if (!product?._id) return SHOP_VIDEO_MSG.productIdMissing;
  if (product.isColorOptions) return color ? null : SHOP_VIDEO_MSG.selectColor;
  if (!product.isFreeSize && !size) return SHOP_VIDEO_MSG.selectSize;
  return null;
}

/** The stock of the chosen option (free size, size or colour); Infinity until one is chosen. */
function stockOf(p: VideoProduct, size: string | null, color: string | null): number {
  if (p.isColorOptions) return color ? (p.colorInventory.find((c) => c.color === color)?.quantity ?? 0) : Infinity;
  if (p.isFreeSize) return p.freeSizeQty;
  return size ? (p.sizeInventory.find((s) => s.size === size)?.quantity ?? 0) : Infinity;
}

/**
 * Shop Now (shopping §2 Watch and shop, §4): pick one of the video's products, its size or colour and a quantity,
 * then ADD TO CART (the cart feature's add: server cart signed in, guest cart otherwise) or BUY NOW (a guest logs in
 * first and continues to /buy-now/checkout). An add counts for the video (ADR 030).
 */
export function ShopNowPanel({ videoId, products, initial, onClose }: { videoId: string; products: VideoProduct[]; initial: number; onClose: () => void }) {
  const [index, setIndex] = useState(Math.min(Math.max(initial, 0), Math.max(products.length - 1, 0)));
  const product = products[index];
  const [size, setSize] = useState<string | null>(null);
  const [color, setColor] = useState<string | null>(product?.isColorOptions ? (product.colorInventory.find((c) => c.quantity > 0)?.color ?? null) : null);
  const [quantity, setQuantity] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const { add, isPending } = useAddToCart();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();

  const pick = (i: number) => {
    const p = products[i];
    setIndex(i);
    setSize(null);
    setColor(p?.isColorOptions ? (p.colorInventory.find((c) => c.quantity > 0)?.color ?? null) : null);
    setQuantity(1);
    setProblem(null);
  };

  const refuse = (message: string) => {
    setProblem(message);
    toast.error(message, { id: `feed:${message}` });
  };

  const check = (): VideoProduct | null => {
    const why = choiceProblem(product, size, color);
    if (why) {
      refuse(why);
      return null;
    }
    setProblem(null);
    return product!;
  };

  const addToCart = async () => {
    const p = check();
    if (!p) return;
    const image = p.isColorOptions ? (p.colorInventory.find((c) => c.color === color)?.images[0] ?? p.images[0]) : p.images[0];
    const added = await add({ product: asProductDetail(p), quantity, size, color, image: image ?? null });
    if (added) {
      countCartAdd(videoId);
      setQuantity(1);
      onClose();
    } else if (isLoggedIn) {
      // the server said no (§4: the video feed alerts 'Something went wrong'); the cart's own toast says why
      setProblem(SHOP_VIDEO_MSG.somethingWrong);
    }
  };

  const buyNow = () => {
    const p = check();
    if (!p) return;
    onClose();
    startBuyNow(buildBuyNowItem(asProductDetail(p), { quantity, size, color }), { source: 'feed', isLoggedIn, navigate });
  };

  const stock = product ? stockOf(product, size, color) : 0;
  const max = Math.max(QUANTITY.min, Math.min(QUANTITY.max, Number.isFinite(stock) ? stock : QUANTITY.max));

  return (
    <Dialog open onClose={onClose} title="Shop Now" size="sm:max-w-lg">
      {products.length > 1 ? (
        <ul className="no-scrollbar -mx-1 mb-3 flex gap-2 overflow-x-auto px-1 pb-1" aria-label="Products in this video">
          {products.map((p, i) => (
            <li key={p._id} className="shrink-0">
              <button
                type="button"
                onClick={() => pick(i)}
                aria-pressed={i === index}
                className={`block w-16 rounded-lg p-0.5 text-left ${i === index ? 'ring-2 ring-brand-700' : 'ring-1 ring-sand-200'}`}
              >
                {p.images[0] ? <img src={p.images[0]} alt="" width={64} height={85} className="aspect-[3/4] w-full rounded-md bg-sand-100 object-cover" /> : null}
                <span className="sr-only">{p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {product ? (
        <div className="flex gap-4">
          {product.images[0] ? (
            <img src={product.images[0]} alt="" width={120} height={160} className="aspect-[3/4] w-24 shrink-0 rounded-lg bg-sand-100 object-cover sm:w-28" />
          ) : null}
          <div className="min-w-0 flex-1">
            <h3 className="line-clamp-2 font-semibold text-ink-900" title={product.name}>
              {product.name}
            </h3>
            <Price price={product.price} offeredPrice={product.offeredPrice} />
            {product.isColorOptions ? (
              <fieldset className="mt-3">
                <legend className="text-xs font-semibold tracking-wide text-ink-700 uppercase">Colour</legend>
                <div className="mt-1.5 flex flex-wrap gap-2">
                  {product.colorInventory.map((c) => (
                    <button
                      key={c._id}
                      type="button"
                      disabled={c.quantity <= 0}
                      aria-pressed={color === c.color}
                      onClick={() => {
                        setColor(c.color);
                        setProblem(null);
                      }}
                      className={`h-8 rounded-full border px-3 text-sm capitalize disabled:opacity-40 disabled:line-through ${color === c.color ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800' : 'border-sand-300 text-ink-900'}`}
                    >
                      {c.color}
                    </button>
                  ))}
                </div>
              </fieldset>
            ) : !product.isFreeSize ? (
              <fieldset className="mt-3">
                <legend className="text-xs font-semibold tracking-wide text-ink-700 uppercase">Size</legend>
                <div className="mt-1.5 flex flex-wrap gap-2">
                  {product.sizeInventory.map((s) => (
                    <button
                      key={s.size}
                      type="button"
                      disabled={s.quantity <= 0}
                      aria-pressed={size === s.size}
                      onClick={() => {
                        setSize(s.size);
                        setProblem(null);
                        setQuantity((q) => Math.min(q, Math.max(1, Math.min(QUANTITY.max, s.quantity))));
                      }}
                      className={`size-10 rounded-full border text-sm lowercase disabled:opacity-40 disabled:line-through ${size === s.size ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800' : 'border-sand-300 text-ink-900'}`}
                    >
                      {s.size}
                    </button>
                  ))}
                </div>
              </fieldset>
            ) : (
              <p className="mt-3 text-sm text-ink-700">Free size</p>
            )}
            <div className="mt-3">
              <QuantityStepper value={quantity} max={max} onChange={setQuantity} label={`Quantity of ${shortName(product.name)}`} size="sm" />
            </div>
          </div>
        </div>
      ) : null}
      <p role="alert" className="mt-3 min-h-5 text-sm font-medium text-red-700">
        {problem}
      </p>
      <div className="mt-2 flex gap-3">
        <Button variant="outline" className="flex-1" onClick={addToCart} disabled={isPending}>
          ADD TO CART
        </Button>
        <Button className="flex-1" onClick={buyNow}>
          BUY NOW
        </Button>
      </div>
    </Dialog>
  );
}
