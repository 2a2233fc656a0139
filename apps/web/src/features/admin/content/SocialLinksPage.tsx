import type { AdminSocialLink } from '@statewise/contract/schemas/content';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useAdminSocialLinks, useDeleteSocialLink, useSaveSocialLink } from '../api.ts';
import { AdminFrame, ConfirmDialog, EmptyNote, ErrorNote, fieldClass, fieldErrorsOf } from '../ui.tsx';

type Editing = { link: AdminSocialLink | null } | null;

/**
 * /admin/social-links (role admin): the footer's social links (accounts §3 Platform, Link) in their order; add, edit
 * (name, https address, place, hidden) and delete after a confirmation.
 */
export default function SocialLinksPage() {
  const links = useAdminSocialLinks();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminSocialLink | null>(null);
  const remove = useDeleteSocialLink();

  return (
    <AdminFrame
      title="Social links"
      intro="Shown in the footer of every page, in this order. Hidden links stay here but not on the site."
      actions={<Button onClick={() => setEditing({ link: null })}>Add link</Button>}
    >
      {links.isPending ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : links.isError ? (
        <RetryPanel message={links.error.message} onRetry={() => links.refetch()} />
      ) : links.data.length === 0 ? (
        <EmptyNote>No social links yet. The footer shows none.</EmptyNote>
      ) : (
        <ul aria-label="Social links" className="divide-y divide-sand-100 rounded-2xl border border-sand-100 bg-white shadow-sm">
          {links.data.map((l) => (
            <li key={l.id} aria-label={l.platform} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <span className="w-8 text-center text-sm text-ink-500">{l.position}</span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink-900">
                  {l.platform} {l.hidden ? <span className="ml-1 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-ink-500">Hidden</span> : null}
                </p>
                <a href={l.link} target="_blank" rel="noreferrer noopener" className="block truncate text-sm text-brand-700 underline">
                  {l.link}
                </a>
              </div>
              <div className="flex gap-1">
                <Button variant="ghost" size="sm" onClick={() => setEditing({ link: l })}>
                  Edit
                </Button>
                <Button variant="ghost" size="sm" className="text-red-700! hover:bg-red-50!" onClick={() => setDeleting(l)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? <LinkDialog link={editing.link} nextPosition={links.data?.length ?? 0} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this link?"
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.platform} link deleted`);
              setDeleting(null);
            },
          })
        }
      >
        {deleting ? (
          <p>
            <strong>{deleting.platform}</strong> ({deleting.link}) leaves the footer. To keep it for later, edit it and tick Hidden instead.
          </p>
        ) : null}
      </ConfirmDialog>
    </AdminFrame>
  );
}

function LinkDialog({ link, nextPosition, onClose }: { link: AdminSocialLink | null; nextPosition: number; onClose: () => void }) {
  const id = useId();
  const save = useSaveSocialLink();
  const [platform, setPlatform] = useState(link?.platform ?? '');
  const [address, setAddress] = useState(link?.link ?? 'https://');
  const [position, setPosition] = useState(String(link?.position ?? nextPosition));
  const [hidden, setHidden] = useState(link?.hidden ?? false);
  const fieldErrors = fieldErrorsOf(save.error);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const pos = Number.parseInt(position, 10);
    save.mutate(
      { id: link?.id, platform, link: address.trim(), hidden, ...(Number.isFinite(pos) ? { position: pos } : {}) },
      {
        onSuccess: () => {
          toast.success(link ? 'Link saved' : 'Link added');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={link ? `Edit ${link.platform}` : 'Add a social link'}>
      <form onSubmit={onSubmit} noValidate>
        <ErrorNote message={save.error?.message} />
        <label htmlFor={`${id}-platform`} className="mb-1 block text-sm font-medium text-ink-900">
          Platform
        </label>
        <input id={`${id}-platform`} value={platform} maxLength={40} onChange={(e) => setPlatform(e.target.value)} placeholder="Instagram" className={fieldClass} aria-invalid={fieldErrors.platform ? true : undefined} />
        <label htmlFor={`${id}-link`} className="mt-3 mb-1 block text-sm font-medium text-ink-900">
          Address
        </label>
        <input id={`${id}-link`} type="url" value={address} maxLength={500} onChange={(e) => setAddress(e.target.value)} className={fieldClass} aria-invalid={fieldErrors.link ? true : undefined} />
        <div className="mt-3 flex items-end gap-4">
          <div className="w-28">
            <label htmlFor={`${id}-position`} className="mb-1 block text-sm font-medium text-ink-900">
              Place
            </label>
            <input id={`${id}-position`} type="number" min={0} max={1000} value={position} onChange={(e) => setPosition(e.target.value)} className={fieldClass} />
          </div>
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink-900">
            <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} className="size-4 accent-brand-700" />
            Hidden
          </label>
        </div>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : link ? 'Save link' : 'Add link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
