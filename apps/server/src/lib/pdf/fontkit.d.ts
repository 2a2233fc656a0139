/** The one call of fontkit (pdfkit's own font engine) the invoices use; fontkit ships no types. */
declare module 'fontkit' {
  /** A parsed font: pdfkit accepts it wherever it accepts a font file (anything with `layout`). */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
