/** The success envelope of API.md. Routes return `ok(data)`; `created` sets 201 on the reply. */
export function ok<T>(data: T, message?: string): { success: true; message?: string; data: T } {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}
