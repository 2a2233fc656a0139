import { QUANTITY } from '@statewise/contract/constants';
import { MSG, onlyLeftMessage } from '@statewise/contract/messages';
import type { CartAddResult, CartCount, CartLine, CartSummary } from '@statewise/contract/schemas/cart';
import type { ProductCard, ProductDetail } from '@statewise/contract/schemas/catalogue';
import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { api, ApiError } from '../../lib/api.ts';
import { tracking } from '../../lib/tracking.ts';
import { useSession } from '../auth/session.ts';
import { productKeys, type ProductPageData } from '../product/api.ts';
import { openCartDrawer } from './cart-drawer.ts';
import { guestCart, lineFromProduct, lineLimit, lineStock, quantityRefusal, useGuestCart, type GuestCartLine } from './guest-cart.ts';
import { CART_MSG } from './messages.ts';

/**
 * One cart for the whole app, whoever is looking (shopping §2 Cart, Guest cart; §4 add to cart; §7 Cart):
 * signed in, the server cart (GET cart, POST cart/add, PATCH cart/update, DELETE cart/delete); a guest, the local
 * guest cart (myData, guest-cart.ts). Screens use these hooks and never ask which one it is:
 *
 *   const cart = useCart();                        // lines, totals, count, isGuest, isLoading
 *   const { add } = useAddToCart();  await add({ product, quantity, size, color, image })   // → true | false
 *   const { setQuantity } = useUpdateCartLine();   await setQuantity(line, 3)
 *   const { remove } = useRemoveCartLine();        await remove(line)
 *
 * The action hooks never reject: a refusal is shown as a toast with the spec's (or the server's) message and
 * resolves false. A successful add refreshes the cart, fires the add-to-cart tracking event (INR) and opens the
 * cart drawer (§2 "a successful add to the cart opens the drawer") unless `{ openDrawer: false }`.
 */

/** A cart line as every cart screen shows it, from either cart. */
export interface CartItem {
  /** The server line's _id, or the guest line's uniqueId. */
  key: string;
  productId: string;
  slug: string;
  name: string;
  image: string | null;
  price: number;
  offeredPrice: number;
  quantity: number;
  size: string | null;
  color: string | null;
  isFreeSize: boolean;
  isColorOptions: boolean;
  /** The most the line may hold now: the stock of its option and 10 (0 when none is left). */
  limit: number;
  /** Cannot be bought as it stands (off sale or fewer left than its quantity). */
  outOfStock: boolean;
  /** Why the stepper cannot move to `next`, or null. */
  refusal: (next: number) => string | null;
  /** The guest line itself (guests only). */
  guest: GuestCartLine | null;
  /** The server line itself (signed in only). */
  server: CartLine | null;
}

export interface CartState {
  isGuest: boolean;
  items: CartItem[];
  /** Pieces (the quantities summed), as the header badge and the checkout count them. */
  count: number;
  subTotal: number;
  shippingCharges: number;
  grandTotal: number;
  /** Σ (price − offeredPrice) × quantity. */
  savings: number;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

export const cartKeys = {
  all: ['cart'] as const,
  summary: (userId: string | null) => ['cart', 'summary', userId] as const,
  count: (userId: string | null) => ['cart', 'count', userId] as const,
  similar: (userId: string | null) => ['cart', 'similarProducts', userId] as const,
};

/** After any change: the cart, its count and its similar products load again. */
export const refreshCart = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: cartKeys.all });

function serverRefusal(line: CartLine, next: number): string | null {
  if (!Number.isInteger(next) || next < QUANTITY.min) return MSG.quantityMin;
  if (next > QUANTITY.max) return MSG.quantityMax;
  if (next > line.availableQuantity) return line.availableQuantity <= 0 ? MSG.outOfStock : onlyLeftMessage(line.availableQuantity);
  return null;
}

function fromServer(line: CartLine): CartItem {
  const p = line.productId;
  return {
    key: line._id,
    productId: p._id,
    slug: p.slug,
    name: p.name,
    image: line.image || p.images[0] || null,
    price: p.price,
    offeredPrice: p.offeredPrice,
    quantity: line.quantity,
    size: line.size,
    color: line.color,
    isFreeSize: line.isFreeSize,
    isColorOptions: line.isColorOptions,
    limit: Math.max(0, Math.min(QUANTITY.max, line.availableQuantity)),
    outOfStock: line.outOfStock,
    refusal: (next) => serverRefusal(line, next),
    guest: null,
    server: line,
  };
}

function fromGuest(line: GuestCartLine): CartItem {
  return {
    key: line.uniqueId,
    productId: line._id,
    slug: line.slug,
    name: line.name,
    image: line.image ?? line.images[0] ?? null,
    price: line.price,
    offeredPrice: line.offeredPrice,
    quantity: line.quantity,
    size: line.size,
    color: line.color,
    isFreeSize: line.isFreeSize,
    isColorOptions: line.isColorOptions,
    limit: Math.max(0, lineLimit(line)),
    outOfStock: lineStock(line) < line.quantity,
    refusal: (next) => quantityRefusal(line, next),
    guest: line,
    server: null,
  };
}

/** GET cart: the signed-in person's cart with live prices and totals. */
export function useServerCart(enabled = true) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: cartKeys.summary(userId),
    queryFn: ({ signal }) => api<CartSummary>('cart', { signal }),
    enabled: isLoggedIn && enabled,
    staleTime: 0,
  });
}

/**
 * The header badge: pieces, as the checkout counts them (issue 9: "3 items" is 3 pieces everywhere) — GET
 * cart/count's quantity signed in, the myData quantities for a guest.
 */
export function useCartCount(): number {
  const { isLoggedIn, userId } = useSession();
  const guest = useGuestCart();
  const q = useQuery({
    queryKey: cartKeys.count(userId),
    queryFn: ({ signal }) => api<CartCount>('cart/count', { signal }),
    enabled: isLoggedIn,
  });
  return isLoggedIn ? (q.data?.quantity ?? 0) : guest.reduce((n, l) => n + l.quantity, 0);
}

/**
 * Keeps the guest cart's prices and stock current while a cart screen shows it: each product is read again
 * (GET product/{slug}, shared with the product page's cache) and its lines updated; a product no longer on sale
 * (404) leaves its lines without stock, shown as out of stock.
 */
function useFreshGuestLines(lines: GuestCartLine[], enabled: boolean) {
  const products = useMemo(() => {
    const seen = new Map<string, string>();
    for (const l of lines) if (l.slug && !seen.has(l.slug)) seen.set(l.slug, l._id);
    return [...seen].map(([slug, id]) => ({ slug, id }));
  }, [lines]);
  const results = useQueries({
    queries: products.map(({ slug }) => ({
      queryKey: productKeys.detail(slug),
      queryFn: ({ signal }: { signal: AbortSignal }) => api<ProductPageData>(`product/${encodeURIComponent(slug)}`, { signal }),
      enabled,
      staleTime: 60_000,
    })),
  });
  const stamp = results.map((r) => `${r.dataUpdatedAt}:${r.errorUpdatedAt}`).join(',');
  useEffect(() => {
    if (!enabled) return;
    results.forEach((r, i) => {
      const id = products[i]?.id;
      if (!id) return;
      if (r.data && r.data.productDetail._id === id) guestCart.refresh(id, r.data.productDetail);
      else if (r.error instanceof ApiError && r.error.status === 404) guestCart.refresh(id, null);
    });
    // `stamp` changes exactly when a result arrives; `results` is a new array every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp, enabled]);
}

/** The cart of whoever is looking. */
export function useCart(): CartState {
  const { isLoggedIn } = useSession();
  const server = useServerCart();
  const guest = useGuestCart();
  useFreshGuestLines(guest, !isLoggedIn);
  const { refetch } = server;
  return useMemo(() => {
    if (isLoggedIn) {
      const data = server.data;
      const items = (data?.cartProducts ?? []).map(fromServer);
      return {
        isGuest: false,
        items,
        count: items.reduce((n, i) => n + i.quantity, 0),
        subTotal: data?.subTotal ?? 0,
        shippingCharges: data?.shippingCharges ?? 0,
        grandTotal: data?.grandTotal ?? 0,
        savings: data?.savings ?? 0,
        isLoading: server.isPending,
        isError: server.isError,
        refetch: () => void refetch(),
      };
    }
    const items = guest.map(fromGuest);
    // Guest totals from the prices seen when adding; shipping is shown Free for guests (spec §9) and the server
    // prices the order again at guest checkout.
    const buyable = items.filter((i) => !i.outOfStock);
    const subTotal = buyable.reduce((s, i) => s + i.offeredPrice * i.quantity, 0);
    const savings = buyable.reduce((s, i) => s + Math.max(0, i.price - i.offeredPrice) * i.quantity, 0);
    return {
      isGuest: true,
      items,
      count: items.reduce((n, i) => n + i.quantity, 0),
      subTotal,
      shippingCharges: 0,
      grandTotal: subTotal,
      savings,
      isLoading: false,
      isError: false,
      refetch: () => {},
    };
  }, [isLoggedIn, server.data, server.isPending, server.isError, refetch, guest]);
}

/** GET cart/similarProducts: products like the ones in the cart (signed in). */
export function useCartSimilarProducts(enabled: boolean) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: cartKeys.similar(userId),
    queryFn: ({ signal }) => api<ProductCard[]>('cart/similarProducts', { signal }),
    enabled: isLoggedIn && enabled,
  });
}

function messageOf(err: unknown, fallback: string = MSG.serverError): string {
  if (err instanceof ApiError) return err.status === 0 ? err.message : err.message || fallback;
  return err instanceof Error && err.message ? err.message : fallback;
}

export interface AddToCartInput {
  product: Pick<
    ProductDetail,
    '_id' | 'slug' | 'name' | 'images' | 'price' | 'offeredPrice' | 'isFreeSize' | 'freeSizeQty' | 'isColorOptions' | 'sizeInventory' | 'colorInventory'
  >;
  quantity: number;
  size?: string | null;
  color?: string | null;
  image?: string | null;
}

/** The body of POST cart/add (§7): the size or the colour, the image, and the kind flags as strings. */
export function cartAddBody(input: AddToCartInput) {
  const { product } = input;
  return {
    productId: product._id,
    quantity: input.quantity,
    ...(product.isColorOptions ? { color: input.color ?? '' } : product.isFreeSize ? {} : { size: input.size ?? '' }),
    image: input.image ?? product.images[0] ?? '',
    isFreeSize: String(product.isFreeSize),
    isColorOptions: String(product.isColorOptions),
  };
}

/** ADD TO CART: the server cart when signed in, the guest cart otherwise (§4). */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const { isLoggedIn, userId } = useSession();
  const mutation = useMutation({
    mutationFn: (input: AddToCartInput) => api<CartAddResult>('cart/add', { method: 'POST', body: cartAddBody(input) }),
  });
  const add = useCallback(
    async (input: AddToCartInput, opts: { openDrawer?: boolean; limitMessage?: string } = {}): Promise<boolean> => {
      const { product } = input;
      if (!product.isFreeSize && !product.isColorOptions && !input.size) return refuse(MSG.selectSize);
      if (product.isColorOptions && !input.color) return refuse(MSG.selectColor);
      if (isLoggedIn) {
        try {
          const result = await mutation.mutateAsync(input);
          const { cartId: _c, quantity: _q, ...summary } = result;
          queryClient.setQueryData(cartKeys.summary(userId), summary);
          void queryClient.invalidateQueries({ queryKey: cartKeys.all, predicate: (q) => q.queryKey[1] !== 'summary' });
        } catch (err) {
          // A refusal (4xx) says why; anything else is the spec's 'Unable to add product to cart' (§8).
          if (!(err instanceof ApiError && err.status >= 400 && err.status < 500)) return refuse(CART_MSG.unableToAdd);
          return refuse(opts.limitMessage && err.message === MSG.cartMaxItems ? opts.limitMessage : err.message);
        }
      } else {
        const result = guestCart.add(lineFromProduct(product, input));
        if (!result.ok) return refuse(result.message);
      }
      tracking.addToCart({ id: product._id, name: product.name, value: product.offeredPrice, quantity: input.quantity });
      if (opts.openDrawer !== false) openCartDrawer();
      return true;
    },
    [isLoggedIn, mutation, queryClient, userId],
  );
  return { add, isPending: mutation.isPending };
}

function refuse(message: string): false {
  toast.error(message, { id: `cart:${message}` });
  return false;
}

/** The stepper of a cart line: PATCH cart/update signed in, the guest cart otherwise. */
export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const mutation = useMutation({
    mutationFn: ({ line, quantity }: { line: CartItem; quantity: number }) =>
      api<CartSummary>('cart/update', { method: 'PATCH', body: { cartId: line.key, productId: line.productId, quantity } }),
    onSuccess: (summary) => {
      queryClient.setQueryData(cartKeys.summary(userId), summary);
    },
    onSettled: () => refreshCart(queryClient),
  });
  const setQuantity = useCallback(
    async (line: CartItem, quantity: number): Promise<boolean> => {
      const refusal = line.refusal(quantity);
      // Going down is always allowed, even on a line that has more than is left now (it moves toward the stock).
      if (refusal && !(quantity < line.quantity && quantity >= QUANTITY.min)) return refuse(refusal);
      if (line.guest) {
        const result = guestCart.setQuantity(line.key, quantity);
        return result.ok ? true : refuse(result.message);
      }
      try {
        await mutation.mutateAsync({ line, quantity });
        return true;
      } catch (err) {
        return refuse(messageOf(err));
      }
    },
    [mutation],
  );
  return { setQuantity, pendingKey: mutation.isPending ? (mutation.variables?.line.key ?? null) : null };
}

/** Remove: DELETE cart/delete signed in, the guest cart otherwise. */
export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const mutation = useMutation({
    mutationFn: (line: CartItem) => api<CartSummary>('cart/delete', { method: 'DELETE', body: { cartId: line.key, productId: line.productId } }),
    onSuccess: (summary) => {
      queryClient.setQueryData(cartKeys.summary(userId), summary);
    },
    onSettled: () => refreshCart(queryClient),
  });
  const remove = useCallback(
    async (line: CartItem, opts: { quiet?: boolean } = {}): Promise<boolean> => {
      if (line.guest) guestCart.remove(line.key);
      else {
        try {
          await mutation.mutateAsync(line);
        } catch (err) {
          // Already gone (another tab): that is what was asked for.
          if (!(err instanceof ApiError && err.status === 404)) return refuse(messageOf(err));
        }
      }
      if (!opts.quiet) toast.success(MSG.removedFromCart);
      return true;
    },
    [mutation],
  );
  return { remove, pendingKey: mutation.isPending ? (mutation.variables?.key ?? null) : null };
}
