import type { ReactNode } from 'react';

/** A console screen's heading and body; the console's name and nav come from ConsoleLayout around every screen. */
export function ConsoleFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h1 className="font-display text-2xl text-brand-800 md:text-3xl">{title}</h1>
      <div className="mt-5">{children}</div>
    </section>
  );
}
