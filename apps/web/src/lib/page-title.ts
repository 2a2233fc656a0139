import { useEffect } from 'react';

const DEFAULT_TITLE = 'Statewise — shop wise, statewise';

/** Sets the tab title to "{title} | Statewise" while the screen is shown ('' keeps the default). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Statewise` : DEFAULT_TITLE;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}
