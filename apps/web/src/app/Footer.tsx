import { Link, useLocation } from 'react-router';
import { SocialLinks } from '../features/content/SocialLinks.tsx';
import { showsFloatingWidget } from './floating-widget.ts';

const SHOP = [
  { to: '/products/', label: 'New Arrivals' },
  { to: '/shop-by/category', label: 'Categories' },
  { to: '/shop-by/style', label: 'Styles' },
  { to: '/shop-by/region', label: 'Regions' },
  { to: '/product/trendingproducts', label: 'Trending' },
  { to: '/product/topsellingproducts', label: 'Top Selling' },
];
// Footer links of accounts spec §2.9.
const HELP = [
  { to: '/about', label: 'Our Story' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/FAQ', label: 'FAQ' },
  { to: '/terms-and-conditions', label: 'Terms & Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/return-and-replacement', label: 'Return & Replacement' },
];
const MORE = [
  { to: '/community', label: 'Community' },
  { to: '/watch-and-shop', label: 'Watch & Shop' },
  { to: '/stalwart-page', label: 'Meet Our Stalwarts' },
];

function Column({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  return (
    <div>
      <h2 className="text-xs font-semibold tracking-[0.16em] text-saffron-300 uppercase">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-sm text-brand-100 hover:text-white hover:underline">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  // Where the floating support button shows, the last line ends above it at the page's end.
  const { pathname } = useLocation();
  const roomForWidget = showsFloatingWidget(pathname);
  return (
    <footer className="mt-16 bg-brand-800 text-brand-100">
      <div className="h-1.5 bg-[repeating-linear-gradient(90deg,#f2b33d_0_14px,#7a1f3d_14px_20px,#2f7d4f_20px_26px,#7a1f3d_26px_32px)]" aria-hidden="true" />
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-5 py-12 md:grid-cols-[1.4fr_1fr_1fr_1fr] md:px-6">
        <div className="col-span-2 md:col-span-1">
          <p className="font-display text-3xl font-bold text-white">Statewise</p>
          <p className="mt-1 text-xs font-medium tracking-[0.16em] text-saffron-300 uppercase">shop wise, statewise</p>
          <p className="mt-4 max-w-xs text-sm leading-6 text-brand-100/90">
            Handloom, handicraft and regional fashion from makers in every state of India, sold by the people who make and source them.
          </p>
          <SocialLinks />
        </div>
        <Column title="Shop" links={SHOP} />
        <Column title="Help" links={HELP} />
        <Column title="Discover" links={MORE} />
      </div>
      <div className="border-t border-white/10">
        <div
          className={`mx-auto flex max-w-7xl flex-col gap-2 px-5 pt-5 text-xs text-brand-100/75 md:flex-row md:justify-between md:px-6 ${roomForWidget ? 'pb-20 md:pb-24' : 'pb-5'}`}
        >
          <p>© {new Date().getFullYear()} Statewise. Prices in ₹, inclusive of taxes. Delivery within India.</p>
          <p>Pincode data: Department of Posts, Government of India, All India Pincode Directory, via data.gov.in (GODL-India)</p>
        </div>
      </div>
    </footer>
  );
}
