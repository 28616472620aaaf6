/**
 * The slice of fontkit 2.x that Platen uses (fontkit ships no type declarations).
 * Kept internal: nothing here is part of @platen/core's public types.
 */
declare module 'fontkit' {
  export interface BBox {
    readonly minX: number;
    readonly minY: number;
    readonly maxX: number;
    readonly maxY: number;
  }
  export interface PathCommand {
    readonly command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    readonly args: readonly number[];
  }
  export interface Glyph {
    readonly id: number;
    readonly advanceWidth: number;
    readonly codePoints: number[];
    readonly bbox: BBox;
    readonly path: { readonly commands: readonly PathCommand[] };
  }
  /** OpenType COLR version 0 (colour layers). */
  export interface ColrTable {
    readonly baseGlyphRecord: readonly {
      readonly gid: number;
      readonly firstLayerIndex: number;
      readonly numLayers: number;
    }[];
    readonly layerRecords: readonly { readonly gid: number; readonly paletteIndex: number }[];
  }
  export interface CpalTable {
    readonly colorRecords: readonly {
      readonly red: number;
      readonly green: number;
      readonly blue: number;
      readonly alpha: number;
    }[];
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    readonly glyphs: Glyph[];
    readonly positions: GlyphPosition[];
    readonly direction: 'ltr' | 'rtl';
    readonly script: string;
    readonly advanceWidth: number;
  }
  export interface Subset {
    includeGlyph(glyph: number | Glyph): number;
    encode(): Uint8Array;
  }
  export interface Os2Table {
    readonly version: number;
    readonly typoAscender: number;
    readonly typoDescender: number;
    readonly typoLineGap: number;
    readonly xHeight?: number;
    readonly capHeight?: number;
    readonly usWeightClass: number;
    readonly xAvgCharWidth: number;
    readonly fsSelection: { readonly useTypoMetrics: boolean; readonly italic: boolean; readonly oblique: boolean };
  }
  export interface Font {
    readonly type: string;
    readonly postscriptName: string;
    readonly fullName: string;
    readonly familyName: string;
    readonly subfamilyName: string;
    readonly unitsPerEm: number;
    readonly ascent: number;
    readonly descent: number;
    readonly lineGap: number;
    readonly underlinePosition: number;
    readonly underlineThickness: number;
    readonly italicAngle: number;
    readonly numGlyphs: number;
    readonly hhea: { readonly ascent: number; readonly descent: number; readonly lineGap: number };
    readonly head: { readonly xMin: number; readonly xMax: number };
    readonly 'OS/2'?: Os2Table;
    readonly GSUB?: unknown;
    readonly COLR?: ColrTable;
    readonly CPAL?: CpalTable;
    readonly directory: { readonly tables: Readonly<Record<string, unknown>> };
    readonly GPOS?: unknown;
    readonly availableFeatures: string[];
    layout(
      text: string | Glyph[],
      features?: Record<string, boolean> | string[],
      script?: string,
      language?: string,
      direction?: 'ltr' | 'rtl',
    ): GlyphRun;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    getGlyph(id: number, codePoints?: number[]): Glyph;
    createSubset(): Subset;
  }
  export interface FontCollection {
    readonly type: 'TTC' | 'DFont';
    readonly fonts: Font[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
}
