import { MSG } from '@statewise/contract/messages';
import { slugFromBrand } from '@statewise/contract/seller-checks';
import { AVATAR_OPTIONS, VENDOR_CATEGORIES, vendorRegistrationStepOne } from '@statewise/contract/schemas/sellers';
import { digitsOnly } from '@statewise/contract/validation';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { SafeHtml } from '../../components/ui/SafeHtml.tsx';
import { Button, Field, FormError } from '../auth/ui.tsx';
import { useCategories } from '../catalogue/api.ts';
import { AvatarPicture } from './AvatarPicture.tsx';
import { useOwnApplication, useRegisterStepOne, useVendorTerms, type StepOnePayload } from './api.ts';
import { firstProblem, serverProblem, type FieldProblem } from './form-errors.ts';
import { CheckPill, GroupError, Row, Section, SellerFormCard } from './ui.tsx';

/** Step one's fields in the order accounts §5 checks them. */
export const STEP_ONE_ORDER = [
  'brandName',
  'sellerName',
  'vendorSlug',
  'panNumber',
  'productCategory',
  'vendorCategory',
  'facebookProfileLink',
  'callingNumber',
  'whatsappNumber',
  'avatar',
  'termsAccepted',
] as const;

const VENDOR_CATEGORY_LABEL: Record<(typeof VENDOR_CATEGORIES)[number], string> = { manufacturer: 'Manufacturer', stockist: 'Stockist', reseller: 'Reseller' };

/**
 * /auth/vendor-registration, "Vendor Registration" (accounts §2.2, §5, §8): brand, seller, the store slug (derived
 * live from the brand until the seller edits it), PAN upper-cased as typed, product and vendor categories, links
 * and numbers, one of two avatars and the vendor terms. The contract's schema checks it; the first problem in the
 * spec's order shows at its field and in a toast. On 201 the seller goes straight on to step two (ADR 014).
 */
export function VendorRegistrationPage() {
  const navigate = useNavigate();
  const categories = useCategories();
  const register = useRegisterStepOne();
  const [form, setForm] = useState<Omit<StepOnePayload, 'stepNumber'>>({
    brandName: '',
    sellerName: '',
    vendorSlug: '',
    panNumber: '',
    productCategory: [],
    vendorCategory: [],
    facebookProfileLink: '',
    callingNumber: '',
    whatsappNumber: '',
    avatar: '',
    termsAccepted: false,
  });
  // The slug follows the brand until the seller types in it.
  const [slugEdited, setSlugEdited] = useState(false);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const terms = useVendorTerms(termsOpen);
  // Applying again after a rejection: the last answers fill the form once (the PAN comes back masked: asked again).
  const own = useOwnApplication();
  const [refilled, setRefilled] = useState(false);
  if (own.data && !refilled) {
    const a = own.data;
    setRefilled(true);
    setSlugEdited(true);
    setForm((f) => ({
      ...f,
      brandName: a.brandName,
      sellerName: a.sellerName,
      vendorSlug: a.vendorSlug,
      productCategory: a.productCategory.map((c) => c._id),
      vendorCategory: a.vendorCategory,
      facebookProfileLink: a.facebookProfileLink,
      callingNumber: a.callingNumber,
      whatsappNumber: a.whatsappNumber,
      avatar: a.avatar,
    }));
  }

  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (problem?.field === key) setProblem(null);
  };
  const toggle = (key: 'productCategory' | 'vendorCategory', value: string, on: boolean) =>
    set(key, on ? [...form[key], value] : form[key].filter((v) => v !== value));
  const err = (field: string) => (problem?.field === field ? problem.message : null);

  const show = (p: FieldProblem) => {
    setProblem(p);
    toast.error(p.message);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const payload: StepOnePayload = { stepNumber: 1, ...form };
    const parsed = vendorRegistrationStepOne.safeParse(payload);
    if (!parsed.success) {
      const p = firstProblem(parsed.error, STEP_ONE_ORDER);
      if (p) show(p);
      return;
    }
    setProblem(null);
    register.mutate(payload, {
      onSuccess: (res) => {
        if (res.status !== 201) {
          toast.error(res.message ?? MSG.serverError);
          return;
        }
        toast.success(MSG.sellerRegistered);
        navigate('/auth/vendor-registration-second');
      },
      onError: (error) => show(serverProblem(error, STEP_ONE_ORDER)),
    });
  };

  return (
    <SellerFormCard title="Vendor Registration" subtitle="Tell us about your brand. Next you add your GST, addresses and bank details; an admin then approves your store.">
      <form noValidate onSubmit={onSubmit}>
        <Section title="Your brand">
          <Row>
            <Field
              label="Brand name"
              name="brandName"
              value={form.brandName}
              maxLength={80}
              error={err('brandName')}
              onChange={(e) => {
                const brandName = e.target.value;
                setForm((f) => ({ ...f, brandName, vendorSlug: slugEdited ? f.vendorSlug : slugFromBrand(brandName) }));
                if (problem?.field === 'brandName' || (!slugEdited && problem?.field === 'vendorSlug')) setProblem(null);
              }}
            />
            <Field label="Seller name" name="sellerName" value={form.sellerName} maxLength={80} error={err('sellerName')} onChange={(e) => set('sellerName', e.target.value)} />
          </Row>
          <Row>
            <Field
              label="Store address (slug)"
              name="vendorSlug"
              value={form.vendorSlug}
              maxLength={60}
              error={err('vendorSlug')}
              hint={form.vendorSlug ? `Your store: /store/${form.vendorSlug}` : 'Made from your brand name; you may change it'}
              onChange={(e) => {
                setSlugEdited(true);
                set('vendorSlug', e.target.value.toLowerCase());
              }}
            />
            <Field
              label="PAN number"
              name="panNumber"
              value={form.panNumber}
              maxLength={10}
              autoCapitalize="characters"
              placeholder="ABCDE1234F"
              error={err('panNumber')}
              onChange={(e) => set('panNumber', e.target.value.toUpperCase())}
            />
          </Row>
        </Section>

        <Section title="What you sell">
          <div role="group" aria-labelledby="product-cats" className="mb-4">
            <p id="product-cats" className="mb-2 text-sm font-medium text-ink-900">
              Product categories
            </p>
            <div className="flex flex-wrap gap-2">
              {categories.isPending ? <span className="text-sm text-ink-500">Loading categories…</span> : null}
              {categories.data?.map((c) => (
                <CheckPill key={c._id} label={c.name} checked={form.productCategory.includes(c._id)} onChange={(on) => toggle('productCategory', c._id, on)} />
              ))}
            </div>
            <GroupError message={err('productCategory')} />
          </div>
          <div role="group" aria-labelledby="vendor-cats" className="mb-4">
            <p id="vendor-cats" className="mb-2 text-sm font-medium text-ink-900">
              Vendor categories
            </p>
            <div className="flex flex-wrap gap-2">
              {VENDOR_CATEGORIES.map((v) => (
                <CheckPill key={v} label={VENDOR_CATEGORY_LABEL[v]} checked={form.vendorCategory.includes(v)} onChange={(on) => toggle('vendorCategory', v, on)} />
              ))}
            </div>
            <GroupError message={err('vendorCategory')} />
          </div>
        </Section>

        <Section title="Reach you">
          <Field
            label="Facebook profile link"
            name="facebookProfileLink"
            type="url"
            inputMode="url"
            placeholder="https://facebook.com/yourbrand"
            value={form.facebookProfileLink}
            maxLength={300}
            error={err('facebookProfileLink')}
            onChange={(e) => set('facebookProfileLink', e.target.value)}
          />
          <Row>
            <Field
              label="Calling number"
              name="callingNumber"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="10-digit number"
              value={form.callingNumber}
              error={err('callingNumber')}
              onChange={(e) => set('callingNumber', digitsOnly(e.target.value, 10))}
            />
            <Field
              label="WhatsApp number"
              name="whatsappNumber"
              inputMode="numeric"
              placeholder="10-digit number"
              value={form.whatsappNumber}
              error={err('whatsappNumber')}
              onChange={(e) => set('whatsappNumber', digitsOnly(e.target.value, 10))}
            />
          </Row>
        </Section>

        <Section title="Store avatar">
          <div role="radiogroup" aria-label="Store avatar" className="flex gap-4">
            {AVATAR_OPTIONS.map((a) => (
              <label
                key={a}
                className={`flex cursor-pointer flex-col items-center gap-1 rounded-2xl border-2 p-2 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200 ${
                  form.avatar === a ? 'border-brand-600 bg-brand-50' : 'border-transparent hover:border-brand-200'
                }`}
              >
                <input type="radio" name="avatar" value={a} className="sr-only" checked={form.avatar === a} onChange={() => set('avatar', a)} />
                <AvatarPicture which={a} className="size-16 md:size-20" />
                <span className="text-xs font-medium text-ink-700">Avatar {a}</span>
              </label>
            ))}
          </div>
          <GroupError message={err('avatar')} />
        </Section>

        <div className="mb-5">
          <label className="flex items-start gap-3 text-sm text-ink-900">
            <input type="checkbox" name="termsAccepted" className="mt-0.5 size-5 accent-brand-700" checked={form.termsAccepted} onChange={(e) => set('termsAccepted', e.target.checked)} />
            <span>
              I agree to the{' '}
              <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setTermsOpen(true)}>
                vendor terms and conditions
              </button>
            </span>
          </label>
          <GroupError message={err('termsAccepted')} />
        </div>

        <FormError message={problem && !STEP_ONE_ORDER.includes(problem.field as never) ? problem.message : null} />
        <Button pending={register.isPending}>Submit</Button>
      </form>

      <Dialog open={termsOpen} onClose={() => setTermsOpen(false)} title="Vendor terms and conditions" size="sm:max-w-2xl">
        {terms.isPending ? <p className="text-sm text-ink-500">Loading the terms…</p> : null}
        {terms.isError ? <p className="text-sm text-red-700">The terms could not be loaded. Please try again.</p> : null}
        {terms.data ? <SafeHtml html={terms.data} /> : null}
      </Dialog>
    </SellerFormCard>
  );
}
