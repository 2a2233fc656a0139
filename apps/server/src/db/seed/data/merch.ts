import type { ArtMotif } from '../../../lib/art/url.ts';

/**
 * Home-page merchandising of the demo: festive offers, banners, crazy deals, subcategory cards and featured
 * vendors. Links are real listing addresses of the web app (shopping spec §2 Listings); a `{festive:slug}`
 * placeholder becomes `?festiveCategory=<that offer's id>` when seeded.
 * Painted labels may only use letters, digits, spaces and & ' . , - (lib/art/url.ts), so "50%" is spelt out.
 */

/** Which products a festive offer collects: every listed condition must hold (a list matches any of its items). */
export interface FestiveMatch {
  subcategories?: readonly string[];
  styles?: readonly string[];
  states?: readonly string[];
  minDiscount?: number;
}

export interface FestiveOfferDef {
  title: string;
  slug: string;
  status: 'active' | 'inactive';
  motif: ArtMotif;
  palette: number;
  match: FestiveMatch;
  /** Share of matching products that join the offer. */
  share: number;
}

export const FESTIVE_OFFERS: readonly FestiveOfferDef[] = [
  {
    title: 'Diwali Dhamaka',
    slug: 'diwali-dhamaka',
    status: 'active',
    motif: 'mandala',
    palette: 4,
    match: {
      subcategories: ['lamps-diyas', 'decor-accents', 'metal-craft', 'pottery-ceramics', 'wall-art', 'silk-sarees', 'earrings', 'necklace-sets', 'cushion-covers'],
      minDiscount: 20,
    },
    share: 0.8,
  },
  {
    title: 'Wedding Season',
    slug: 'wedding-season',
    status: 'active',
    motif: 'brocade',
    palette: 0,
    match: {
      subcategories: ['wedding-sarees', 'bridal-lehengas', 'sherwanis', 'bandhgalas', 'necklace-sets', 'maang-tikka', 'silk-sarees', 'mojaris'],
    },
    share: 0.6,
  },
  {
    title: 'Winter Warmers',
    slug: 'winter-warmers',
    status: 'active',
    motif: 'herringbone',
    palette: 13,
    match: { subcategories: ['shawls', 'mufflers', 'stoles-scarves', 'quilts-razais'] },
    share: 0.8,
  },
  {
    title: 'Navratri Specials',
    slug: 'navratri-specials',
    status: 'inactive',
    motif: 'bandhani',
    palette: 5,
    match: { styles: ['bandhani', 'leheriya', 'ajrakh', 'patola'] },
    share: 0.7,
  },
  {
    title: 'Onam Collection',
    slug: 'onam-collection',
    status: 'inactive',
    motif: 'temple',
    palette: 7,
    match: { styles: ['kasavu'] },
    share: 1,
  },
  {
    title: 'Pongal & Sankranti',
    slug: 'pongal-sankranti',
    status: 'inactive',
    motif: 'temple',
    palette: 2,
    match: {
      states: ['Tamil Nadu', 'Andhra Pradesh', 'Telangana', 'Karnataka'],
      subcategories: ['silk-sarees', 'cotton-sarees', 'half-sarees', 'dhotis-mundus'],
    },
    share: 0.6,
  },
];

export interface BannerDef {
  title: string;
  /** Painted on the picture. */
  label: string;
  link: string;
  motif: ArtMotif;
  palette: number;
}

export const HOME_BANNERS: readonly BannerDef[] = [
  { title: 'Diwali Dhamaka: up to 60% off', label: 'Diwali Dhamaka, up to 60 percent off', link: '/products?festiveCategory={festive:diwali-dhamaka}', motif: 'mandala', palette: 4 },
  { title: 'Festive Edit: sarees at 50% off and more', label: 'Festive Edit, sarees at 50 percent off', link: '/products/sarees?discount=50', motif: 'brocade', palette: 5 },
  { title: 'The Banarasi Edit', label: 'The Banarasi Edit', link: '/shop-by-style/banarasi', motif: 'brocade', palette: 0 },
  { title: 'Royal Rajasthan', label: 'Royal Rajasthan', link: '/shop-by-state/rajasthan', motif: 'leheriya', palette: 2 },
  { title: 'Wedding Season: bridal lehengas', label: 'Wedding Season Bridal Lehengas', link: '/products/lehengas/bridal-lehengas', motif: 'jaali', palette: 11 },
];

export const COMMUNITY_BANNERS: readonly BannerDef[] = [
  { title: 'Stories from our artisans', label: 'Stories from our Artisans', link: '/community', motif: 'madhubani', palette: 9 },
  { title: 'Meet our Stalwarts', label: 'Meet our Stalwarts', link: '/stalwart-page', motif: 'warli', palette: 13 },
  { title: 'Sell with Statewise', label: 'Sell with Statewise', link: '/seller', motif: 'phulkari', palette: 3 },
];

export interface CrazyDealDef {
  title: string;
  subtitle: string;
  discount: number;
  link: string;
  motif: ArtMotif;
  palette: number;
}

export const CRAZY_DEALS: readonly CrazyDealDef[] = [
  { title: 'Sarees', subtitle: 'Handwoven silks and cottons, 40% off or more', discount: 40, link: '/products/sarees?discount=40', motif: 'temple', palette: 0 },
  { title: 'Jewellery', subtitle: 'Kundan, temple and oxidised, 50% off or more', discount: 50, link: '/products/jewellery?discount=50', motif: 'jaali', palette: 10 },
  { title: 'Chikankari', subtitle: 'Lucknow’s shadow-work, 30% off or more', discount: 30, link: '/shop-by-style/chikankari?discount=30', motif: 'chikankari', palette: 7 },
  { title: 'Home Textiles', subtitle: 'Bedsheets, quilts and cushions, 30% off or more', discount: 30, link: '/products/home-textiles?discount=30', motif: 'paisley', palette: 3 },
  { title: 'Handicrafts & Décor', subtitle: 'Lamps, brass and folk art, 40% off or more', discount: 40, link: '/products/handicrafts-decor?discount=40', motif: 'mandala', palette: 13 },
  { title: 'Rajasthan', subtitle: 'Bandhani, leheriya and block prints, 40% off or more', discount: 40, link: '/shop-by-state/rajasthan?discount=40', motif: 'leheriya', palette: 4 },
  { title: 'Footwear', subtitle: 'Juttis, mojaris and Kolhapuris, 30% off or more', discount: 30, link: '/products/footwear?discount=30', motif: 'checks', palette: 13 },
  { title: 'Dupattas & Stoles', subtitle: 'Phulkari, bandhani and more, 50% off or more', discount: 50, link: '/products/dupattas-stoles?discount=50', motif: 'phulkari', palette: 5 },
];

export interface SubcategoryCardDef {
  subcategory: string;
  title: string;
  motif: ArtMotif;
  palette: number;
}

export const SUBCATEGORY_CARDS: readonly SubcategoryCardDef[] = [
  { subcategory: 'silk-sarees', title: 'Silk Sarees', motif: 'temple', palette: 0 },
  { subcategory: 'kurtas', title: 'Everyday Kurtas', motif: 'chikankari', palette: 12 },
  { subcategory: 'bridal-lehengas', title: 'Bridal Lehengas', motif: 'brocade', palette: 5 },
  { subcategory: 'earrings', title: 'Jhumkas & Earrings', motif: 'jaali', palette: 2 },
  { subcategory: 'mens-kurtas', title: "Men's Kurtas", motif: 'ikat', palette: 1 },
  { subcategory: 'wall-art', title: 'Folk Art for Walls', motif: 'madhubani', palette: 9 },
  { subcategory: 'bedsheets', title: 'Hand-Printed Bedsheets', motif: 'paisley', palette: 3 },
  { subcategory: 'juttis', title: 'Juttis for Every Step', motif: 'phulkari', palette: 4 },
  { subcategory: 'shawls', title: 'Winter Shawls', motif: 'herringbone', palette: 13 },
  { subcategory: 'lamps-diyas', title: 'Lamps & Diyas', motif: 'mandala', palette: 4 },
];

export interface FeaturedVendorDef {
  vendor: string;
  /** Town and state as people say it (the stored city is the directory's district). */
  place: string;
  description: string;
}

export const FEATURED_VENDORS: readonly FeaturedVendorDef[] = [
  { vendor: 'rang-mahal-jaipur', place: 'Jaipur, Rajasthan', description: 'Bandhani, leheriya and block prints from three generations of Jaipur dyers.' },
  { vendor: 'kashi-weaves', place: 'Varanasi, Uttar Pradesh', description: 'GI-tagged Banarasi silks from the handlooms of Madanpura.' },
  { vendor: 'nawabi-chikan-ghar', place: 'Lucknow, Uttar Pradesh', description: 'Hand chikankari by two hundred women embroiderers of old Lucknow.' },
  { vendor: 'kanchi-pattu-maaligai', place: 'Kanchipuram, Tamil Nadu', description: 'Silk-marked Kanjeevaram woven by a cooperative of master weavers.' },
  { vendor: 'valley-pashmina-co', place: 'Srinagar, Jammu & Kashmir', description: 'Certified hand-spun pashmina with sozni embroidery.' },
  { vendor: 'phulkari-by-preet', place: 'Patiala, Punjab', description: 'Phulkari dupattas and suits embroidered in the villages around Patiala.' },
  { vendor: 'pochampally-ikat-weavers', place: 'Pochampally, Telangana', description: 'Telia rumal and ikat from sixty looms in the silk city of Telangana.' },
  { vendor: 'mithila-rang', place: 'Madhubani, Bihar', description: 'Madhubani paintings by the artists of Jitwarpur village.' },
];
