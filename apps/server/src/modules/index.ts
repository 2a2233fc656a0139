import type { AppContext, Module } from '../context.ts';
import type { HtmlTransform } from '../lib/spa.ts';
import { healthModule } from './health/routes.ts';

/** Every API module, registered under /api in this order. */
export const modules: Module[] = [healthModule];

/** Per-route rewrites of the web app's HTML (server-rendered meta tags). */
export function htmlTransforms(_ctx: AppContext): HtmlTransform[] {
  return [];
}
