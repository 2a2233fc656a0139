import { OTP, PROFILE_PICTURE } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { checkEmail, checkMobile, checkName, normaliseMobile } from '@statewise/contract/validation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CardPage } from '../../components/Page.tsx';
import { ApiError } from '../../lib/api.ts';
import { demoCode, errorMessage, resendAfter, useProfile, type Profile } from '../auth/api.ts';
import { contactFlow } from '../auth/flow-store.ts';
import { WEB_MSG } from '../auth/messages.ts';
import { Button, Field, MobileField } from '../auth/ui.tsx';
import type { Contact } from '../auth/validators.ts';
import { profileOtpApi, useUpdateProfile } from './api.ts';
import { Avatar } from './Avatar.tsx';

/**
 * /edit-profile and /edit-profile-user (accounts §2.5): first and last name, picture with a preview; mobile and
 * e-mail are read-only once set and are added or verified through a code (Verify Mobile, Verify Email).
 * The two addresses are the spec's two variants: the user's, and the vendor's and admin's.
 */
export function EditProfilePage({ variant }: { variant: 'user' | 'staff' }) {
  const profile = useProfile();
  return (
    <CardPage title={variant === 'user' ? 'Edit Profile' : 'Profile'} back={{ to: '/profile', label: 'My account' }}>
      {profile.data ? (
        <EditForm key={profile.data._id} profile={profile.data} />
      ) : profile.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(profile.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => profile.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <div className="space-y-4" aria-busy>
          <div className="size-24 animate-pulse rounded-full bg-sand-100" />
          <div className="h-11 animate-pulse rounded-lg bg-sand-100" />
          <div className="h-11 animate-pulse rounded-lg bg-sand-100" />
        </div>
      )}
    </CardPage>
  );
}

function EditForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [firstname, setFirstname] = useState(profile.firstname);
  const [lastname, setLastname] = useState(profile.lastname);
  const [mobile, setMobile] = useState(profile.mobile ?? '');
  const [email, setEmail] = useState(profile.email ?? '');
  const [picture, setPicture] = useState<{ file: File; url: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [sending, setSending] = useState<'mobile' | 'email' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The preview is an object URL of the chosen file; free it when it changes or the page closes.
  const previewUrl = picture?.url ?? null;
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const choosePicture = (file: File | undefined) => {
    if (!file) return;
    // The server tells the type from the bytes; here only a type the browser knows to be wrong is refused early
    // (some phone pickers give no type, or application/octet-stream: unknown, so the server decides).
    const known = file.type && file.type !== 'application/octet-stream';
    if (known && !(PROFILE_PICTURE.types as readonly string[]).includes(file.type)) {
      setErrors((e) => ({ ...e, picture: MSG.pictureType }));
      return;
    }
    if (file.size > PROFILE_PICTURE.maxBytes) {
      setErrors((e) => ({ ...e, picture: MSG.pictureTooLarge }));
      return;
    }
    setErrors((e) => ({ ...e, picture: null }));
    setPicture({ file, url: URL.createObjectURL(file) });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string | null> = { ...errors, firstname: checkName(firstname, MSG.firstNameRequired), lastname: checkName(lastname, MSG.lastNameRequired) };
    setErrors(found);
    if (found.firstname || found.lastname || found.picture) return;
    try {
      await update.mutateAsync({ firstname: firstname.trim(), lastname: lastname.trim(), picture: picture?.file ?? null });
      toast.success(MSG.profileUpdated);
      setPicture(null);
    } catch (err) {
      if (err instanceof ApiError) setErrors((prev) => ({ ...prev, ...err.errors }));
      // The server read the bytes and refused the picture (415/413): drop it, so no broken preview stays.
      if (err instanceof ApiError && err.errors?.picture) setPicture(null);
      toast.error(errorMessage(err));
    }
  };

  /** Verify Mobile / Verify Email: a code to the contact, then the code page (accounts §2.5, §8). */
  const verify = async (type: Contact['type']) => {
    const bad = type === 'mobile' ? checkMobile(mobile, MSG.invalidMobile) : checkEmail(email, MSG.invalidEmail);
    setErrors((e) => ({ ...e, [type]: bad }));
    if (bad) return;
    const contact: Contact = type === 'mobile' ? { type, value: normaliseMobile(mobile)! } : { type, value: email.trim().toLowerCase() };
    setSending(type);
    try {
      const { data, message } = await profileOtpApi.request(contact);
      contactFlow.save(contact, demoCode(data));
      if (type === 'email' && !demoCode(data)) {
        // Accounts §8: an e-mail code with no otp in the response: the server's message, then OTP Generated.
        if (message) toast.info(message);
        toast.success(WEB_MSG.otpGenerated);
      } else toast.success(MSG.otpSent);
      navigate(type === 'mobile' ? '/auth/mobile-otp-verification' : '/auth/email-otp-verification', {
        state: { wait: resendAfter(data, OTP.resendSeconds.other) },
      });
    } catch (err) {
      setErrors((e) => ({ ...e, [type]: errorMessage(err) }));
      setSending(null);
    }
  };

  const verifyButton = (type: Contact['type']) => (
    <button
      type="button"
      onClick={() => verify(type)}
      disabled={sending !== null}
      className="rounded-md bg-brand-50 px-3 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-100 disabled:opacity-60"
    >
      {sending === type ? 'Sending…' : type === 'mobile' ? 'Verify Mobile' : 'Verify Email'}
    </button>
  );
  const verifiedBadge = <span className="mr-2 rounded-full bg-leaf-600/10 px-2.5 py-1 text-xs font-semibold text-leaf-600">Verified</span>;

  return (
    <form onSubmit={save} noValidate>
      <div className="mb-6 flex items-center gap-4">
        <Avatar profile={{ firstname, lastname, picture: profile.picture }} src={previewUrl} size="xl" />
        <div>
          <input ref={fileInput} type="file" accept={PROFILE_PICTURE.types.join(',')} className="sr-only" aria-label="Profile picture" onChange={(e) => choosePicture(e.target.files?.[0])} />
          <Button type="button" variant="outline" className="px-4" onClick={() => fileInput.current?.click()}>
            {profile.picture || previewUrl ? 'Change photo' : 'Add photo'}
          </Button>
          <p className="mt-1 text-xs text-ink-500">JPG, PNG or WebP, up to 5 MB.</p>
          {errors.picture ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.picture}
            </p>
          ) : null}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <Field label="First name" name="firstname" value={firstname} onChange={(e) => setFirstname(e.target.value)} autoComplete="given-name" error={errors.firstname} />
        <Field label="Last name" name="lastname" value={lastname} onChange={(e) => setLastname(e.target.value)} autoComplete="family-name" error={errors.lastname} />
      </div>
      <MobileField
        value={mobile}
        onValue={setMobile}
        readOnly={Boolean(profile.mobile)}
        error={errors.mobile}
        hint={profile.mobile ? MSG.mobileReadOnly : 'Add your mobile number and verify it with a code.'}
        trailing={profile.mobile && profile.mobileVerified ? verifiedBadge : verifyButton('mobile')}
      />
      <Field
        label="E-mail"
        name="email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value.toLowerCase())}
        readOnly={Boolean(profile.email)}
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email}
        hint={profile.email ? MSG.emailReadOnly : 'Add your e-mail and verify it with a code.'}
        trailing={profile.email && profile.emailVerified ? verifiedBadge : verifyButton('email')}
      />
      <Button pending={update.isPending} className="mt-2 w-full sm:w-auto sm:min-w-48">
        SAVE CHANGES
      </Button>
    </form>
  );
}
