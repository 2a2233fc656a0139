import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../components/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { useSession } from '../auth/session.ts';
import { type CommunityPost, type CommunityProductHit, type CommunityVendorHit, usePostDetails, useSavePost, useVendorSearch } from './api.ts';
import { FormError, FormScreen, ImageInput, newSection, ProductTags, sectionsForm, SectionsEditor, TextArea, useObjectUrl } from './forms.tsx';
import { errorText } from './parts.tsx';
import { imagePostErrors, QUERY_PREFIX, videoFileError, videoPostErrors, withQueryPrefix, type SectionDraft } from './rules.ts';
import { COMMUNITY_MSG } from './text.ts';
import { ApiError } from '../../lib/api.ts';

type Tag = Pick<CommunityProductHit, '_id' | 'name' | 'images'>;
const tagsOf = (list: Array<{ _id: string; name: string; image: string }>): Tag[] => list.map((p) => ({ _id: p._id, name: p.name, images: p.image ? [p.image] : [] }));

/** Sends a post form; on success the message toast (Post added successfully / Post edited successfully) and /community. */
function useSubmit(fallbackOk: string, fallbackFail: string) {
  const save = useSavePost();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const send = (path: string, method: 'POST' | 'PATCH', form: FormData) => {
    setError(null);
    save.mutate(
      { path, method, form },
      {
        onSuccess: ({ message }) => {
          toast.success(message || fallbackOk);
          navigate('/community');
        },
        // an edit that never reached the server says so in the spec's words (§8); a refusal gives its reason
        onError: (err) => setError(method === 'PATCH' && (!(err instanceof ApiError) || err.status === 0) ? COMMUNITY_MSG.postUpdateError : errorText(err, fallbackFail)),
      },
    );
  };
  return { send, error, setError, busy: save.isPending };
}

/* ---------------------------------------------------------------- a user's buying query: /CreatePost */

/** The buying query form (accounts §6: text prefixed I wish to buy, optional reference photo), add or edit. */
function QueryForm({ post }: { post?: CommunityPost }) {
  const { role } = useSession();
  const strip = (t: string) => (t.toLowerCase().startsWith(QUERY_PREFIX.toLowerCase()) ? t.slice(QUERY_PREFIX.length).trimStart() : t);
  const [text, setText] = useState(post ? strip(post.description) : '');
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { send, error, busy } = useSubmit(post ? COMMUNITY_MSG.postEdited : COMMUNITY_MSG.postAdded, post ? COMMUNITY_MSG.postUpdateFailed : COMMUNITY_MSG.onlyUserQuery);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setFieldError(COMMUNITY_MSG.descriptionRequired);
    const form = new FormData();
    form.append('description', withQueryPrefix(text));
    if (file) form.append('image', file);
    else if (post && removed) form.append('removeImage', 'true');
    if (post) send(role === 'admin' ? `community/editPost/admin/${post._id}` : `community/editPost/user/${post._id}`, 'PATCH', form);
    else send('community/post/user', 'POST', form);
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextArea
        label="What do you wish to buy?"
        prefix={QUERY_PREFIX}
        value={text}
        onChange={(v) => {
          setText(v);
          setFieldError(null);
        }}
        placeholder="a handwoven Kanjeevaram silk saree in deep red, under ₹15,000"
        error={fieldError}
      />
      <ImageInput
        label="Reference photo (optional)"
        file={file}
        current={removed ? null : post?.image || null}
        onFile={(f) => {
          setFile(f);
          setRemoved(false);
        }}
        onRemove={() => {
          setFile(null);
          setRemoved(true);
        }}
      />
      {!post && role && role !== 'user' ? <FormError message={COMMUNITY_MSG.onlyUserQuery} /> : null}
      <FormError message={error} />
      <Button type="submit" className="mt-4 w-full" disabled={busy}>
        {post ? 'Update' : 'Post'}
      </Button>
    </form>
  );
}

export function CreateQueryPage({ focused = false }: { focused?: boolean }) {
  return (
    <FormScreen focused={focused} title="Post a buying query" subtitle="Tell sellers what you are looking for; they answer with offers you can buy at once.">
      <QueryForm />
    </FormScreen>
  );
}

/* ---------------------------------------------------------------- image posts: /details, /edit-details */

/** A vendor's image post, add or edit: description and 1–5 sections of picture and products. */
function VendorImageForm({ post }: { post?: CommunityPost }) {
  const [description, setDescription] = useState(post?.description ?? '');
  const [sections, setSections] = useState<SectionDraft[]>(() =>
    post?.productImages.length ? post.productImages.map((s) => newSection({ imageUrl: s.image, products: tagsOf(s.productsMapped) })) : [newSection()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { send, error, busy } = useSubmit(post ? COMMUNITY_MSG.postEdited : COMMUNITY_MSG.postAdded, post ? COMMUNITY_MSG.postUpdateFailed : COMMUNITY_MSG.addAllDetails);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = imagePostErrors(description, sections, post ? 'edit' : 'add');
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = new FormData();
    form.append('description', description.trim());
    sectionsForm(form, sections);
    if (post) send(`community/editPost/vendor/image/${post._id}`, 'PATCH', form);
    else send('community/imagePost/vendor', 'POST', form);
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextArea label="Description" value={description} onChange={setDescription} placeholder="Enter the description..." error={errors.description} />
      <SectionsEditor sections={sections} onChange={setSections} />
      <FormError message={errors.sections ?? error} />
      <Button type="submit" className="mt-5 w-full" disabled={busy}>
        {post ? 'Update' : 'Post'}
      </Button>
    </form>
  );
}

/** An admin's post on behalf of a vendor (accounts §6): the vendor, a description, one picture and that vendor's products. */
function AdminPostForm({ post }: { post?: CommunityPost }) {
  const [vendorSearch, setVendorSearch] = useState('');
  const [vendor, setVendor] = useState<CommunityVendorHit | null>(null);
  const vendors = useVendorSearch(vendorSearch, !post && !vendor);
  const [description, setDescription] = useState(post?.description ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [products, setProducts] = useState<Tag[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { send, error, busy } = useSubmit(post ? COMMUNITY_MSG.postEdited : COMMUNITY_MSG.postAdded, COMMUNITY_MSG.postUpdateFailed);
  const current = post ? post.image || post.productImages[0]?.image || null : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!post && !vendor) found.vendor = COMMUNITY_MSG.vendorRequired;
    if (!description.trim()) found.description = COMMUNITY_MSG.descriptionRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = new FormData();
    form.append('description', description.trim());
    if (file) form.append('image', file);
    if (post) return send(`community/editPost/admin/${post._id}`, 'PATCH', form);
    form.append('userId', vendor!._id);
    for (const p of products) form.append('productId', p._id);
    send('community/post/admin', 'POST', form);
  };
  return (
    <form onSubmit={submit} noValidate>
      {post ? null : vendor ? (
        <p className="mb-4 flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm">
          Posting for <strong>{vendor.brandName || `${vendor.firstname} ${vendor.lastname}`}</strong>
          <button
            type="button"
            className="ml-auto text-xs text-brand-700 underline"
            onClick={() => {
              setVendor(null);
              setProducts([]);
            }}
          >
            Change
          </button>
        </p>
      ) : (
        <div className="mb-4">
          <label htmlFor="vendor-search" className="mb-1 block text-sm font-medium text-ink-900">
            Vendor
          </label>
          <input
            id="vendor-search"
            type="search"
            value={vendorSearch}
            onChange={(e) => setVendorSearch(e.target.value)}
            placeholder="Search vendors by name"
            className="block w-full rounded-lg border border-ink-500/40 px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
          />
          <ul className="mt-1 max-h-[250px] overflow-y-auto rounded-lg ring-1 ring-sand-200" aria-label="Vendors">
            {(vendors.data ?? []).map((v) => (
              <li key={v._id}>
                <button type="button" className="block w-full px-3 py-2 text-left text-sm hover:bg-sand-50" onClick={() => setVendor(v)}>
                  {v.brandName || `${v.firstname} ${v.lastname}`} <span className="text-ink-500">({v.firstname} {v.lastname})</span>
                </button>
              </li>
            ))}
          </ul>
          <FormError message={errors.vendor} />
        </div>
      )}
      <TextArea label="Description" value={description} onChange={setDescription} placeholder="Enter the description..." error={errors.description} />
      <ImageInput label="Picture" file={file} current={current} onFile={setFile} />
      {!post && vendor ? <ProductTags products={products} onChange={setProducts} userId={vendor._id} label="Tag the vendor's products" /> : null}
      <FormError message={error} />
      <Button type="submit" className="mt-5 w-full" disabled={busy}>
        {post ? 'Update' : 'Post'}
      </Button>
    </form>
  );
}

/** /details: a vendor's image post, or an admin's post for a vendor; users post queries (/CreatePost). */
export function AddDetailsPage() {
  const { role } = useSession();
  if (role === 'user') return <CreateQueryPage focused />;
  return (
    <FormScreen focused title={role === 'admin' ? 'Post for a vendor' : 'Add Details'} subtitle={role === 'admin' ? undefined : 'Up to 5 sections, each a picture with the products in it.'}>
      {role === 'admin' ? <AdminPostForm /> : <VendorImageForm />}
    </FormScreen>
  );
}

function usePostForEdit() {
  const { postId = '' } = useParams();
  const post = usePostDetails(postId);
  return post;
}

function EditLoading({ title }: { title: string }) {
  return (
    <FormScreen title={title}>
      <Skeleton className="h-28 w-full" />
      <Skeleton className="mt-4 h-40 w-full" />
    </FormScreen>
  );
}

/** /edit-details/{postId} (title Update Details): what each role may change (accounts §6). */
export function EditDetailsPage() {
  const { role } = useSession();
  const post = usePostForEdit();
  if (post.isPending) return <EditLoading title="Update Details" />;
  if (post.isError)
    return (
      <FormScreen title="Update Details">
        <RetryPanel message={COMMUNITY_MSG.postDetailsFailed} onRetry={() => post.refetch()} />
      </FormScreen>
    );
  const p = post.data;
  return (
    <FormScreen title="Update Details">
      {role === 'admin' ? <AdminPostForm post={p} /> : p.kind === 'query' ? <QueryForm post={p} /> : <VendorImageForm post={p} />}
    </FormScreen>
  );
}

/* ---------------------------------------------------------------- video posts: /videos, /edit-video */

function VideoForm({ post }: { post?: CommunityPost }) {
  const current = post?.productVideos[0];
  const [description, setDescription] = useState(post?.description ?? '');
  const [video, setVideo] = useState<File | null>(null);
  const [keep, setKeep] = useState(Boolean(current));
  const [products, setProducts] = useState<Tag[]>(current ? tagsOf(current.productsMapped) : []);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(video);
  const { send, error, busy } = useSubmit(post ? COMMUNITY_MSG.postEdited : COMMUNITY_MSG.postAdded, post ? COMMUNITY_MSG.postUpdateFailed : COMMUNITY_MSG.fillAllFields);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = videoPostErrors(description, Boolean(video) || keep, products.length, post ? 'edit' : 'add');
    setProblem(found);
    if (found) return;
    const form = new FormData();
    form.append('description', description.trim());
    for (const p of products) form.append('productId', p._id);
    if (video) form.append('video', video);
    else if (current) form.append('videoLink', current.video);
    if (post) send(`community/editPost/vendor/video/${post._id}`, 'PATCH', form);
    else send('community/videoPost/vendor', 'POST', form);
  };
  const shown = preview ?? (keep ? current?.video : null);
  return (
    <form onSubmit={submit} noValidate>
      <TextArea label="Description" value={description} onChange={setDescription} placeholder="Enter the description..." />
      <div className="mb-4">
        <label htmlFor="video-file" className="mb-1 block text-sm font-medium text-ink-900">
          Video (.mp4 or .mov)
        </label>
        {shown ? <video src={shown} controls preload="metadata" className="mb-2 aspect-video w-full rounded-lg bg-ink-900" /> : null}
        <input
          id="video-file"
          type="file"
          accept="video/mp4,video/quicktime,.mp4,.mov"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (!f) return;
            const bad = videoFileError(f);
            setProblem(bad);
            if (bad) {
              e.target.value = '';
              return;
            }
            setVideo(f);
            setKeep(false);
          }}
          className="block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
        />
        {current && !video ? (
          <button type="button" className="mt-1 text-xs text-red-700 underline" onClick={() => setKeep(false)} hidden={!keep}>
            Remove the current video
          </button>
        ) : null}
      </div>
      <ProductTags products={products} onChange={setProducts} label="Products in the video" />
      <FormError message={problem ?? error} />
      <Button type="submit" className="mt-5 w-full" disabled={busy}>
        {post ? 'Update' : 'Post'}
      </Button>
    </form>
  );
}

export function AddVideoPage() {
  return (
    <FormScreen focused title="Add Video" subtitle="A short video of your products, with the products tagged.">
      <VideoForm />
    </FormScreen>
  );
}

/** /edit-video/{postId} (title Post details). */
export function EditVideoPage() {
  const post = usePostForEdit();
  if (post.isPending) return <EditLoading title="Post details" />;
  if (post.isError)
    return (
      <FormScreen title="Post details">
        <RetryPanel message={COMMUNITY_MSG.postDetailsFailed} onRetry={() => post.refetch()} />
      </FormScreen>
    );
  return (
    <FormScreen title="Post details">
      <VideoForm post={post.data} />
    </FormScreen>
  );
}
