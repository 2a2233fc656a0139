import type { TestProject } from 'vitest/node';
import { ensurePgTemplate } from './template.ts';

/** Vitest global setup for the PostgreSQL project: one migrated template database per migration set. */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The postgres test project needs TEST_DATABASE_URL');
  project.provide('databaseTemplate', await ensurePgTemplate(url));
}
