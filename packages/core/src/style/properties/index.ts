import type { Display } from '@platen/layout';
import { BACKGROUND_LONGHANDS } from './background.js';
import { BORDER_IMAGE_LONGHANDS } from './border-image.js';
import { BOX_LONGHANDS } from './box.js';
import { CLIPPING_LONGHANDS } from './clipping.js';
import { CONTENT_LONGHANDS } from './content.js';
import { LAYOUT_MODE_LONGHANDS } from './layout-modes.js';
import type { Longhand } from './registry.js';
import { TEXT_LONGHANDS } from './text.js';
import { WEBKIT_BOX_LONGHANDS } from './webkit-box.js';

/**
 * Every longhand Platen computes, by group; the order is the compute order after the font and
 * colour ones (compute.ts). Adding a property: one entry in its group's table (docs/properties.md).
 */
export const LONGHANDS = {
  ...BOX_LONGHANDS,
  ...TEXT_LONGHANDS,
  ...BACKGROUND_LONGHANDS,
  ...BORDER_IMAGE_LONGHANDS,
  ...LAYOUT_MODE_LONGHANDS,
  ...CONTENT_LONGHANDS,
  ...CLIPPING_LONGHANDS,
  ...WEBKIT_BOX_LONGHANDS,
};

export type LonghandName = keyof typeof LONGHANDS;

type ValueOf<L> = L extends Longhand<infer V> ? V : never;

type Parsed = { -readonly [K in LonghandName]: ValueOf<(typeof LONGHANDS)[K]> };

/**
 * An element's computed values keyed by longhand name (internal to core/style), typed by
 * LONGHANDS; compute.ts has finished the font size (px) and mapped `-webkit-box` onto flexbox.
 */
export type Flat = Omit<Parsed, 'font-size' | 'display'> & {
  'font-size': number;
  display: Display;
  /** The element's language (its `lang` attribute or its parent's). */
  '-lang': string;
  /** Set by compute.ts on a `display: -webkit-box` laid out as flexbox, and the clamp of one that clamps lines. */
  '-webkit-box'?: true;
  '-line-clamp'?: number;
  /** An absolutely positioned box that was inline-level before blockification. */
  '-inline-static'?: true;
};

export const PROPERTIES: ReadonlyMap<string, Longhand> = new Map<string, Longhand>(Object.entries(LONGHANDS));

export type { ComputeContext, Longhand } from './registry.js';
