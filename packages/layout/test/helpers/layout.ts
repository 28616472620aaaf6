import { layoutDocument, type LayoutOptions } from '../../src/layout-document.js';
import type { Page } from '../../src/fragment.js';
import type { PageBoxStyle } from '../../src/page-style.js';
import { dumpFragments } from '../../src/debug/dump-fragments.js';
import { fakeMeasurer } from './fake-measurer.js';
import { styled, type ElSpec } from './style.js';

export interface PageSetup {
  readonly width?: number;
  readonly height?: number;
  readonly margin?: number;
}

export function pageStyleOf(setup: PageSetup = {}, extra: Partial<PageBoxStyle> = {}): LayoutOptions['pageStyle'] {
  const m = setup.margin ?? 0;
  const style: PageBoxStyle = {
    width: setup.width ?? 800,
    height: setup.height ?? 1000,
    marginTop: m,
    marginRight: m,
    marginBottom: m,
    marginLeft: m,
    backgroundColor: { r: 255, g: 255, b: 255, a: 0 },
    marginBoxes: [],
    ...extra,
  };
  return () => style;
}

export function options(overrides: Partial<LayoutOptions> = {}): LayoutOptions {
  return {
    measurer: fakeMeasurer(),
    pageStyle: pageStyleOf(),
    images: () => null,
    header: null,
    footer: null,
    componentGap: 0,
    footerPosition: 'page-bottom',
    verticalAlign: 'top',
    horizontalAlign: 'left',
    maxPages: 2000,
    ...overrides,
  };
}

/** Lay out `<html>` around the given body children; returns the pages. */
export function layoutPages(body: ElSpec, overrides: Partial<LayoutOptions> = {}): Page[] {
  const root = styled({ tag: 'html', props: {}, attrs: {}, children: [body] });
  return layoutDocument(root, options(overrides));
}

/** Dump of the first page, without the html/body wrappers' lines. */
export function dump(body: ElSpec, overrides: Partial<LayoutOptions> = {}): string {
  return layoutPages(body, overrides)
    .map((p) => dumpFragments(p))
    .join('\n---\n');
}
