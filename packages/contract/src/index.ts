export * from './constants.ts';
export * from './messages.ts';
export * from './format.ts';
export * from './schemas/common.ts';
export * from './schemas/catalogue.ts';
