export * from './users.ts';
export * from './catalogue.ts';
