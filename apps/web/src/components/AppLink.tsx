import { createContext, useCallback, useContext, useLayoutEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

type Go = (to: string) => void;
const GoContext = createContext<Go | null>(null);

/** Gives every AppLink below it the app's navigation, asked for once here instead of once per link. */
export function AppLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  // stable, so the links never re-render because the address changed
  const go = useCallback((to: string) => void latest.current(to), []);
  return <GoContext.Provider value={go}>{children}</GoContext.Provider>;
}

/** The app's navigation for a click handler among many (a card's button): one context read instead of useNavigate. */
export function useGo(): Go {
  return useContext(GoContext) ?? assign;
}
// outside a provider (some unit tests): an ordinary page load
const assign: Go = (to) => window.location.assign(to);

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: `/${string}` };

/**
 * A link to a page of the app (an absolute path) for the screens that show many of them: product cards, home's
 * sections. React Router's Link runs about ten hooks per link (resolving the path against the route, the prefetch
 * state, its click handler); a home or listing page has a hundred or more, a good part of the first render on a
 * phone (issue 9, Total Blocking Time). This one is a plain <a> whose plain click navigates inside the app; a click
 * with a modifier key or another target opens the address as the browser would. Outside an AppLinkProvider (some
 * unit tests) it is React Router's Link.
 */
export function AppLink({ to, onClick, target, ...rest }: Props) {
  const go = useContext(GoContext);
  if (!go) return <Link to={to} onClick={onClick} target={target} {...rest} />;
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || (target && target !== '_self') || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    go(to);
  };
  return <a href={to} target={target} onClick={click} {...rest} />;
}
