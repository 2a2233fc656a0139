import { ensurePgliteTemplate } from './template.ts';

/** Vitest global setup for the PGlite project: build the migrated template once for the run. */
export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
}
