import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './template.ts';

/**
 * Vitest global setup for the PGlite project: build the migrated template once for the run and hand its path to
 * the test files, so a migration added while a run is going cannot send them looking for another template.
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('databaseTemplate', await ensurePgliteTemplate());
}
