import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { CHAT, CHAT_MSG, formatINR, type Chat, type ChatMessage, type TempProduct } from '@statewise/contract';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { chevronLeft } from '../../components/ui/icon-paths.ts';
import { Icon } from '../../components/ui/icons.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../auth/session.ts';
import { startBuyNow } from '../checkout/buy-now-item.ts';
import { buildTempBuyNowItem } from '../product/buy-now.ts';
import { chatKeys, saveChatSettings, useChatList, useChatSettings } from './api.ts';
import { chatSocket } from './socket.ts';
import { ProductsDialog } from './TempProducts.tsx';
import { uploadEachChatImage, uploadFailedText } from './upload.ts';
import { useChatRoom, type RoomMessage } from './use-chat-room.ts';

/**
 * /chat-list and /chat/{chatId} (accounts §2.7, §4.11): the chats on the left (beside the open chat from 768 px),
 * the open chat on the right, the logo in its place on a wide screen with no chat open. Header and footer are
 * hidden here (app/Layout.tsx).
 */
export default function ChatScreens() {
  const { chatId } = useParams();
  const { userId, role } = useSession();
  const queryClient = useQueryClient();
  const list = useChatList(role === 'vendor');
  const [settingsOpen, setSettingsOpen] = useState(false);

  // news for the list and the badge, whichever chat is open; "delivered" for what reaches this device
  useEffect(() => {
    const socket = chatSocket();
    const onMessage = ({ message }: { message: ChatMessage }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      void queryClient.invalidateQueries({ queryKey: chatKeys.count });
      if (message.senderId !== userId && message.chatId !== chatId) socket.emit('message_delivered', { chatId: message.chatId, upToSeq: message.seq });
    };
    socket.on('receive_message', onMessage);
    return () => {
      socket.off('receive_message', onMessage);
    };
  }, [queryClient, userId, chatId]);

  return (
    <div className="flex h-dvh bg-sand-50">
      <aside className={`${chatId ? 'hidden md:flex' : 'flex'} w-full flex-col border-r border-sand-200 bg-white md:w-80 lg:w-96`} aria-label="Chats">
        <div className="flex items-center gap-2 border-b border-sand-200 px-3 py-3">
          <Link to="/" className="rounded-full p-2 text-ink-700 hover:bg-sand-100" aria-label="Back to home">
            <Icon d={chevronLeft} />
          </Link>
          <h1 className="flex-1 text-lg font-semibold text-ink-900">Chats</h1>
          {role === 'vendor' ? (
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setSettingsOpen(true)}>
              Auto-reply
            </button>
          ) : null}
        </div>
        <div className="flex-1 overflow-y-auto">
          {list.isPending ? (
            <p className="p-4 text-sm text-ink-500">Loading…</p>
          ) : list.isError ? (
            <p className="p-4 text-sm text-red-700">{list.error.message}</p>
          ) : list.data.length === 0 ? (
            <p className="p-6 text-center text-sm text-ink-500">{CHAT_MSG.noChats}</p>
          ) : (
            <ul>
              {list.data.map((c) => (
                <ChatRow key={c._id} chat={c} active={c._id === chatId} me={userId} />
              ))}
            </ul>
          )}
        </div>
      </aside>
      <section className={`${chatId ? 'flex' : 'hidden md:flex'} min-w-0 flex-1 flex-col`}>
        {chatId ? <ChatWindow key={chatId} chatId={chatId} /> : <Placeholder />}
      </section>
      {settingsOpen ? <SettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
    </div>
  );
}

function Placeholder() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 text-center text-ink-500">
      <img src="/favicon.svg" alt="" width={96} height={96} className="size-24 opacity-90" />
      <p className="font-serif text-2xl text-brand-800">Statewise</p>
      <p className="text-sm">Choose a chat to start talking.</p>
    </div>
  );
}

/** One of 6 colours (accounts §4.11), the same for a person everywhere. */
function avatarColour(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return CHAT.avatarColours[h % CHAT.avatarColours.length]!;
}

function otherOf(chat: Chat, me: string | null) {
  if (chat.vendorId._id === me) return { id: chat.userId._id, name: `${chat.userId.firstname} ${chat.userId.lastname}`.trim(), unread: chat.unreadCount.vendorId };
  return { id: chat.vendorId._id, name: chat.vendorId.brandName || `${chat.vendorId.firstname} ${chat.vendorId.lastname}`.trim(), unread: chat.unreadCount.userId };
}

function Avatar({ id, name }: { id: string; name: string }) {
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white" style={{ background: avatarColour(id) }} aria-hidden="true">
      {name.slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}

const clock = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
const timeOf = (iso: string) => clock.format(new Date(iso));

function preview(m: ChatMessage | null): string {
  if (!m) return 'Say hello';
  if (m.msgType === 'image') return m.caption || 'Photo';
  if (m.msgType === 'product') return `Product: ${m.productId?.name ?? ''}`;
  return m.message;
}

function ChatRow({ chat, active, me }: { chat: Chat; active: boolean; me: string | null }) {
  const other = otherOf(chat, me);
  return (
    <li>
      <Link to={`/chat/${chat._id}`} aria-current={active ? 'page' : undefined} className={`flex items-center gap-3 px-4 py-3 hover:bg-sand-50 ${active ? 'bg-brand-50' : ''}`}>
        <Avatar id={other.id} name={other.name} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate font-medium text-ink-900">{other.name}</span>
            {chat.lastMessage ? <span className="shrink-0 text-xs text-ink-500">{timeOf(chat.lastMessage.createdAt)}</span> : null}
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-sm text-ink-500">{preview(chat.lastMessage)}</span>
            {other.unread > 0 ? (
              <span className="min-w-5 shrink-0 rounded-full bg-brand-700 px-1.5 text-center text-xs font-semibold text-white" aria-label={`${other.unread} unread`}>
                {other.unread}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** ✓ stored, ✓✓ on their device, blue ✓✓ read; a clock while sending. */
function Ticks({ m }: { m: RoomMessage }) {
  if (m.local === 'sending') return <span aria-label="Sending" title="Sending">🕓</span>;
  if (m.local === 'failed') return null;
  const label = m.status === 'read' ? 'Read' : m.status === 'unread' ? 'Delivered' : 'Sent';
  return (
    <span aria-label={label} title={label} data-status={m.status} className={m.status === 'read' ? 'font-bold text-sky-300' : 'text-white/80'}>
      {m.status === 'pending' ? '✓' : '✓✓'}
    </span>
  );
}

function ChatWindow({ chatId }: { chatId: string }) {
  const { userId, role } = useSession();
  const room = useChatRoom(chatId, userId);
  const [text, setText] = useState('');
  const [zoomed, setZoomed] = useState<string | null>(null);
  const [productsOpen, setProductsOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // scroll to the newest message 300 ms after the list changes (accounts §4.11)
  useEffect(() => {
    const t = setTimeout(() => endRef.current?.scrollIntoView({ block: 'end' }), CHAT.scrollDelayMs);
    return () => clearTimeout(t);
  }, [room.messages.length]);

  if (room.status === 'missing') return <Navigate to="/chat-list" replace />;
  if (room.status === 'error') return <p className="m-auto text-sm text-red-700">Something went wrong. Please try again.</p>;
  if (room.status === 'loading' || !room.chat) return <p className="m-auto text-sm text-ink-500">Loading…</p>;
  const other = otherOf(room.chat, userId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message) return;
    room.send({ msgType: 'text', message });
    setText('');
  };

  const pickImages = async (files: FileList | null) => {
    if (!files?.length) return;
    const all = [...files].slice(0, CHAT.imagesMax);
    const small = all.filter((f) => f.size <= CHAT.imageMaxBytes);
    if (small.length < all.length) toast.error(CHAT_MSG.imageTooLarge);
    if (!small.length) return;
    setUploading(true);
    try {
      const { urls, failed } = await uploadEachChatImage(small);
      for (const url of urls) room.send({ msgType: 'image', image: url });
      if (failed.length) toast.error(uploadFailedText(failed));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <>
      <header className="flex items-center gap-3 border-b border-sand-200 bg-white px-3 py-2">
        <Link to="/chat-list" className="rounded-full p-2 text-ink-700 hover:bg-sand-100 md:hidden" aria-label="Back to chats">
          <Icon d={chevronLeft} />
        </Link>
        <Avatar id={other.id} name={other.name} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-ink-900">{other.name}</h2>
          <p className="text-xs text-ink-500" data-testid="presence">
            {room.otherOnline ? 'Online' : 'Offline'}
          </p>
        </div>
      </header>
      <div className="flex-1 overflow-y-auto px-3 py-3" aria-live="polite">
        <p className="mx-auto mb-3 max-w-md rounded-lg bg-amber-50 px-3 py-2 text-center text-xs text-amber-900">{CHAT_MSG.contactsMasked}</p>
        {room.hasMore ? (
          <button type="button" className={buttonClass('ghost', 'sm', 'mx-auto mb-2 flex')} onClick={() => void room.loadEarlier()}>
            Load earlier messages
          </button>
        ) : null}
        <ol className="flex flex-col gap-2">
          {room.messages.map((m) => (
            <Bubble key={m._id} m={m} mine={m.senderId === userId} onZoom={setZoomed} onRetry={() => room.retry(m)} />
          ))}
        </ol>
        <div ref={endRef} />
      </div>
      <form onSubmit={submit} className="flex items-center gap-1 border-t border-sand-200 bg-white p-2 pr-[4.5rem] md:gap-2 md:pr-24">
        <input ref={fileRef} type="file" accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp" multiple className="hidden" onChange={(e) => void pickImages(e.target.files)} />
        <button type="button" className="rounded-full p-2 text-ink-700 hover:bg-sand-100" aria-label="Send a photo" disabled={uploading} onClick={() => fileRef.current?.click()}>
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M4 7h3l2-2h6l2 2h3v12H4zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" />
          </svg>
        </button>
        {role === 'vendor' ? (
          <button type="button" className="rounded-full p-2 text-ink-700 hover:bg-sand-100" aria-label="Send a product" title="Send a product" onClick={() => setProductsOpen(true)}>
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
              <path d="M3 12V4h8l10 10-8 8L3 12zM7.5 8.5h.01" />
            </svg>
          </button>
        ) : null}
        <label className="sr-only" htmlFor="chat-text">
          Message
        </label>
        <input
          id="chat-text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={CHAT.messageMaxLength}
          placeholder="Type a message"
          autoComplete="off"
          className="min-w-0 flex-1 rounded-full border border-sand-200 px-4 py-2 text-sm focus:border-brand-500 focus:outline-none"
        />
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={!text.trim()}>
          Send
        </button>
      </form>
      {zoomed ? <ImagePreview url={zoomed} onClose={() => setZoomed(null)} /> : null}
      {productsOpen ? (
        <ProductsDialog
          onClose={() => setProductsOpen(false)}
          onSend={(p) => {
            room.send({ msgType: 'product', productId: p._id, product: p });
            setProductsOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

function Bubble({ m, mine, onZoom, onRetry }: { m: RoomMessage; mine: boolean; onZoom: (url: string) => void; onRetry: () => void }) {
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-testid="message" data-mine={mine ? 'true' : 'false'}>
      <div className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm ${mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-ink-900'} ${m.msgType === 'auto' ? 'italic' : ''}`}>
        {m.msgType === 'image' && m.image ? (
          <button type="button" onClick={() => onZoom(m.image!)} className="block" aria-label="Open photo">
            <img src={m.image} alt={m.caption ?? 'Photo'} loading="lazy" className="max-h-60 rounded-lg object-cover" />
          </button>
        ) : null}
        {m.msgType === 'product' && m.productId?.name ? <ProductCard p={m.productId} mine={mine} /> : null}
        {m.message ? <p className="break-words whitespace-pre-wrap">{m.message}</p> : null}
        {m.caption ? <p className="mt-1 break-words">{m.caption}</p> : null}
        <p className={`mt-1 flex items-center justify-end gap-1 text-[11px] ${mine ? 'text-white/80' : 'text-ink-500'}`}>
          <span>{timeOf(m.createdAt)}</span>
          {mine ? <Ticks m={m} /> : null}
        </p>
        {m.local === 'failed' ? (
          <button type="button" onClick={onRetry} className="mt-1 text-xs underline">
            Not sent. Tap to retry
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** BUY NOW on a chat product card: the shopper's buy-now checkout with the offer (isTempProduct; no stock is held). */
function buyTempProduct(p: TempProduct, navigate: (to: string) => void) {
  startBuyNow(buildTempBuyNowItem(p), { source: 'product', isLoggedIn: true, navigate });
}

function ProductCard({ p, mine }: { p: TempProduct; mine: boolean }) {
  const navigate = useNavigate();
  return (
    <div className={`mb-1 w-56 overflow-hidden rounded-xl ${mine ? 'bg-white/10' : 'bg-sand-50'}`} data-testid="product-card">
      {p.images[0] ? <img src={p.images[0]} alt="" loading="lazy" className="h-36 w-full object-cover" /> : null}
      <div className="p-2">
        <p className="font-semibold">{p.name}</p>
        <p>
          <span className="font-semibold">{formatINR(p.offeredPrice)}</span>{' '}
          {p.price > p.offeredPrice ? <span className="text-xs line-through opacity-70">{formatINR(p.price)}</span> : null}
        </p>
        <p className="text-xs opacity-80">{p.isCombo ? `Combo · ${p.numberOfProducts} ${p.numberOfProducts === 1 ? 'product' : 'products'}` : [p.size, p.color].filter(Boolean).join(' · ')}</p>
        {mine ? null : (
          <button type="button" className={buttonClass('primary', 'sm', 'mt-2 w-full')} onClick={() => buyTempProduct(p, navigate)}>
            Buy now
          </button>
        )}
      </div>
    </div>
  );
}

/** The picture full size, zoom 1 to 3 (accounts §9). */
function ImagePreview({ url, onClose }: { url: string; onClose: () => void }) {
  const [zoom, setZoom] = useState(1);
  return (
    <Dialog open onClose={onClose} title="Photo" size="sm:max-w-3xl">
      <div className="overflow-auto" style={{ maxHeight: '70vh' }}>
        <img src={url} alt="" style={{ transform: `scale(${zoom})`, transformOrigin: 'top left' }} className="max-w-full" />
      </div>
      <div className="mt-3 flex items-center justify-center gap-3">
        <button type="button" className={buttonClass('outline', 'sm')} disabled={zoom <= CHAT.zoom.min} onClick={() => setZoom((z) => Math.max(CHAT.zoom.min, z - 0.5))} aria-label="Zoom out">
          −
        </button>
        <span className="w-12 text-center text-sm">{zoom}×</span>
        <button type="button" className={buttonClass('outline', 'sm')} disabled={zoom >= CHAT.zoom.max} onClick={() => setZoom((z) => Math.min(CHAT.zoom.max, z + 0.5))} aria-label="Zoom in">
          +
        </button>
      </div>
    </Dialog>
  );
}

/** A vendor's auto-reply text and working hours (India time): outside them, or with no device online, shoppers get the auto-reply. */
function SettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useChatSettings(true);
  const [busy, setBusy] = useState(false);
  const field = 'w-full rounded-lg border border-sand-200 px-3 py-2 text-sm';
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const time = (k: string) => (String(form.get(k) ?? '') || null);
    setBusy(true);
    try {
      await saveChatSettings({ autoReply: String(form.get('autoReply') ?? ''), opensAt: time('opensAt'), closesAt: time('closesAt') });
      toast.success('Auto-reply saved');
      onClose();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : CHAT_MSG.somethingWrong);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} title="Auto-reply" size="sm:max-w-md">
      {settings.data ? (
        <form onSubmit={(e) => void submit(e)} className="grid gap-3">
          <p className="text-sm text-ink-700">Shoppers who write while you are offline, or outside your working hours, get this reply once.</p>
          <label className="text-sm font-medium text-ink-900">
            Your reply
            <textarea name="autoReply" maxLength={500} rows={3} defaultValue={settings.data.autoReply} placeholder={settings.data.defaultAutoReply} className={`${field} mt-1 font-normal`} />
          </label>
          <div className="grid grid-cols-2 gap-2">
            <label className="text-sm font-medium text-ink-900">
              Opens at
              <input name="opensAt" type="time" defaultValue={settings.data.opensAt ?? ''} className={`${field} mt-1`} />
            </label>
            <label className="text-sm font-medium text-ink-900">
              Closes at
              <input name="closesAt" type="time" defaultValue={settings.data.closesAt ?? ''} className={`${field} mt-1`} />
            </label>
          </div>
          <p className="text-xs text-ink-500">India time. Leave both empty to be available at all hours.</p>
          <div className="flex justify-end">
            <button type="submit" className={buttonClass('primary', 'sm')} disabled={busy}>
              {busy ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-ink-500">{settings.isError ? settings.error.message : 'Loading…'}</p>
      )}
    </Dialog>
  );
}
