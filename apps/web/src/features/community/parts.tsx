import type { CommunityAuthor } from '@statewise/contract/community';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { openLogin } from '../auth/login-prompt.ts';
import { useSession } from '../auth/session.ts';
import { Avatar } from '../profile/Avatar.tsx';
import { useReport } from './api.ts';
import { RoleBadge } from './RoleBadge.tsx';
import { authorName, linkParts } from './rules.ts';
import { COMMUNITY, COMMUNITY_MSG } from './text.ts';

/** Runs `action` for a signed-in person; a guest gets the login prompt instead (accounts §6). */
export function useSignedIn() {
  const session = useSession();
  return {
    ...session,
    guard:
      <A extends unknown[]>(action: (...args: A) => void) =>
      (...args: A) => {
        if (!session.isLoggedIn) openLogin();
        else action(...args);
      },
  };
}

/** The server's sentence for a refused call, or a fallback. */
export const errorText = (err: unknown, fallback = 'Something went wrong. Please try again.') => (err instanceof ApiError || err instanceof Error ? err.message || fallback : fallback);

/** Avatar, name (a vendor's links to the store, /store/{slug}) and badge. */
export function AuthorLine({ author, meta, small = false }: { author: CommunityAuthor; meta?: ReactNode; small?: boolean }) {
  const name = authorName(author);
  const nameEl =
    author.role === 'vendor' && (author.vendorSlug || author.vendorId) ? (
      <Link to={`/store/${author.vendorSlug ?? author.vendorId}`} className="font-semibold text-ink-900 hover:text-brand-700 hover:underline">
        {name}
      </Link>
    ) : (
      <span className="font-semibold text-ink-900">{name}</span>
    );
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      {small ? (
        <span className="scale-75">
          <Avatar profile={author} />
        </span>
      ) : (
        <Avatar profile={author} />
      )}
      <div className="min-w-0 leading-tight">
        <div className={`flex flex-wrap items-center gap-1.5 ${small ? 'text-[13px]' : 'text-sm'}`}>
          {nameEl}
          <RoleBadge role={author.role} />
        </div>
        {meta ? <div className="mt-0.5 text-xs text-ink-500">{meta}</div> : null}
      </div>
    </div>
  );
}

/** Text with its URLs as links (accounts §5), line breaks kept. */
export function LinkedText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p className={`break-words whitespace-pre-line ${className}`}>
      {linkParts(text).map((p, i) =>
        p.kind === 'link' ? (
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="font-medium text-brand-700 underline">
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}

/** A "⋯" button opening a small list of actions; closes on a choice, outside click or Escape. */
export function ActionMenu({ label, items }: { label: string; items: Array<{ label: string; onSelect: () => void; danger?: boolean }> }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  if (items.length === 0) return null;
  return (
    <div ref={ref} className="relative">
      <button type="button" aria-label={label} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)} className="grid size-8 place-items-center rounded-full text-ink-500 hover:bg-sand-100 hover:text-ink-900">
        <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden>
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </button>
      {open ? (
        <ul role="menu" className="absolute top-9 right-0 z-20 min-w-36 overflow-hidden rounded-xl bg-white py-1 text-sm shadow-lg ring-1 ring-sand-200">
          {items.map((it) => (
            <li key={it.label} role="none">
              <button
                type="button"
                role="menuitem"
                className={`block w-full px-4 py-2 text-left hover:bg-sand-50 ${it.danger ? 'text-red-700' : 'text-ink-900'}`}
                onClick={() => {
                  setOpen(false);
                  it.onSelect();
                }}
              >
                {it.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Asks before something that cannot be undone (deleting a post or a comment). */
export function ConfirmDialog({ open, title, body, confirm, busy, onConfirm, onClose }: { open: boolean; title: string; body: string; confirm: string; busy?: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <p className="text-sm text-ink-700">{body}</p>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={busy} className="bg-red-700 hover:bg-red-800">
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}

/** What a report is about: the post, or one of its comments or replies. */
export interface ReportTarget {
  postId: string;
  commentId?: string;
  nestedCommentId?: string;
  what: 'post' | 'comment' | 'reply';
}

/** The report dialog (accounts §2.6): a reason is required (Reason is required); 201 says Post Reported Successfully. */
export function ReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReport();
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!target) return;
    if (!reason.trim()) return setError(COMMUNITY_MSG.reasonRequired);
    report.mutate(
      { postId: target.postId, reason: reason.trim(), commentId: target.commentId, nestedCommentId: target.nestedCommentId },
      {
        onSuccess: ({ message }) => {
          toast.success(message || COMMUNITY_MSG.reported);
          close();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  return (
    <Dialog open={target !== null} onClose={close} title={`Report this ${target?.what ?? 'post'}`}>
      <form onSubmit={submit} noValidate>
        <label htmlFor="report-reason" className="mb-1 block text-sm font-medium text-ink-900">
          Reason
        </label>
        <textarea
          id="report-reason"
          value={reason}
          maxLength={COMMUNITY.reasonMax}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          rows={4}
          placeholder="Tell us what is wrong with it"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'report-reason-error' : undefined}
          className={`block w-full rounded-lg border px-3 py-2 text-base outline-none focus:ring-2 ${error ? 'border-red-600 focus:ring-red-200' : 'border-ink-500/40 focus:border-brand-600 focus:ring-brand-100'}`}
        />
        {error ? (
          <p id="report-reason-error" role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={report.isPending}>
            Report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
