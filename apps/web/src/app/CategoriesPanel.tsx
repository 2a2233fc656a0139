import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../components/ui/Skeleton.tsx';
import { useCategories } from '../features/catalogue/api.ts';

/** The desktop CATEGORIES dropdown: every category with its subcategories, each linking to its listing. */
export default function CategoriesPanel({ id, onClose }: { id: string; onClose: (refocus: boolean) => void }) {
  const { data, isPending, isError } = useCategories();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose(true);
    const onPointer = (e: PointerEvent) => {
      if (!panel.current?.parentElement?.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  return (
    <div ref={panel} id={id} className="absolute inset-x-0 top-full border-t border-sand-100 bg-white shadow-xl">
      <div className="mx-auto grid max-w-7xl grid-cols-4 gap-x-8 gap-y-6 px-6 py-6 lg:grid-cols-5">
        {isPending
          ? Array.from({ length: 10 }, (_, i) => (
              <div key={i}>
                <Skeleton className="h-4 w-28" />
                <Skeleton className="mt-3 h-3 w-20" />
                <Skeleton className="mt-2 h-3 w-24" />
              </div>
            ))
          : null}
        {isError ? <p className="col-span-full text-sm text-ink-500">Categories could not be loaded. Please try again.</p> : null}
        {data?.map((c) => (
          <div key={c._id}>
            <Link to={`/products/${c.slug}`} onClick={() => onClose(false)} className="font-display text-base font-semibold text-brand-700 hover:underline">
              {c.name}
            </Link>
            <ul className="mt-2 space-y-1.5">
              {c.subcategory.map((s) => (
                <li key={s._id}>
                  <Link to={`/products/${c.slug}/${s.slug}`} onClick={() => onClose(false)} className="text-sm text-ink-700 hover:text-brand-700">
                    {s.subcategoryName}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
