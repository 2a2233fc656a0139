/**
 * Sentences the web app's first page load needs. They live apart from MSG (which uses them) because a bundler
 * puts a module in one chunk: importing messages.ts from the API client would ship every sentence in MSG with
 * the first page.
 */
export const SERVER_ERROR = 'Something went wrong. Please try again later.';
