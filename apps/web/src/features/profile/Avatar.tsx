import { responsiveImage } from '../../lib/responsive-image.ts';
import type { Profile } from '../auth/api.ts';

/** The avatar's width in CSS pixels at each size (the classes below), for the browser to pick a stored width. */
const SIZES = { md: '40px', lg: '(min-width: 768px) 80px, 64px', xl: '(min-width: 768px) 112px, 96px' } as const;

/** The profile picture, or the person's initials on the brand colour when there is none. */
export function Avatar({ profile, src, size = 'md' }: { profile: Pick<Profile, 'firstname' | 'lastname' | 'picture'>; src?: string | null; size?: 'md' | 'lg' | 'xl' }) {
  const dims = size === 'xl' ? 'size-24 text-3xl md:size-28' : size === 'lg' ? 'size-16 text-xl md:size-20 md:text-2xl' : 'size-10 text-sm';
  const url = src ?? profile.picture;
  const initials = `${profile.firstname.charAt(0)}${profile.lastname.charAt(0)}`.toUpperCase() || '?';
  if (url) {
    return <img {...responsiveImage(url, SIZES[size])} alt="" className={`${dims} shrink-0 rounded-full border-2 border-white object-cover shadow-sm`} width={112} height={112} />;
  }
  return (
    <span className={`${dims} grid shrink-0 place-items-center rounded-full border-2 border-white bg-saffron-400 font-display font-semibold text-brand-800 shadow-sm`} aria-hidden>
      {initials}
    </span>
  );
}
