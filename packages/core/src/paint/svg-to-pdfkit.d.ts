/** svg-to-pdfkit 0.1.8 ships no types; this is the one call Platen makes. */
declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    assumePt?: boolean;
    warningCallback?: (message: string) => void;
    fontCallback?: (
      family: string,
      bold: boolean,
      italic: boolean,
      fontOptions: { fauxBold?: boolean; fauxItalic?: boolean },
    ) => string;
    imageCallback?: (link: string) => string | Uint8Array;
    documentCallback?: ((file: string) => string) | null;
  }
  function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options?: SvgToPdfOptions): void;
  export default SVGtoPDF;
}
