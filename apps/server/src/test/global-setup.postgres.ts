import { ensurePgTemplate } from './template.ts';

/** Vitest global setup for the PostgreSQL project: one migrated template database per migration set. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The postgres test project needs TEST_DATABASE_URL');
  await ensurePgTemplate(url);
}
