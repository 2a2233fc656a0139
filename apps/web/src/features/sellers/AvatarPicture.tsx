/**
 * The two store avatars a seller picks from (accounts §3: avatar 1 or 2), drawn inline so they cost no request:
 * 1 a woman artisan in a saffron dupatta, 2 a man artisan in an indigo turban.
 */
export function AvatarPicture({ which, className = 'size-16' }: { which: '1' | '2'; className?: string }) {
  const one = which === '1';
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden>
      <circle cx="32" cy="32" r="32" fill={one ? '#FDE7C7' : '#DCE6F7'} />
      <path d={one ? 'M12 64c2-14 10-21 20-21s18 7 20 21z' : 'M12 64c2-13 10-20 20-20s18 7 20 20z'} fill={one ? '#B4442C' : '#2F4A8A'} />
      <circle cx="32" cy="29" r="11" fill="#C98B5E" />
      {one ? (
        <path d="M19 31c0-11 6-17 13-17s13 6 13 17c-2-6-6-9-13-9s-11 3-13 9zM18 33c-2 10 0 20 4 24l3-14z" fill="#E8912D" />
      ) : (
        <>
          <path d="M20 24c0-8 5-12 12-12s12 4 12 12c-4-3-8-4-12-4s-8 1-12 4z" fill="#3E5BA9" />
          <path d="M26 36c2 3 10 3 12 0" stroke="#5B3A29" strokeWidth="2" fill="none" strokeLinecap="round" />
        </>
      )}
      <circle cx="28" cy="29" r="1.4" fill="#3B2416" />
      <circle cx="36" cy="29" r="1.4" fill="#3B2416" />
    </svg>
  );
}
