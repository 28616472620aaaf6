import type { Image, StyledElement, StyledNode } from '@platen/layout';

/**
 * Every image URL a styled document uses: `<img src>`, `<object data>`, background layers and
 * list-style-image, so that they are loaded (in parallel) before layout, which is synchronous.
 */
export function collectImageUrls(roots: readonly (StyledElement | null)[]): Set<string> {
  const urls = new Set<string>();
  const addImage = (image: Image | null): void => {
    if (image?.kind === 'url') urls.add(image.url);
  };
  const stack: StyledNode[] = roots.filter((r): r is StyledElement => r !== null);
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.kind !== 'element') continue;
    if (node.style.display === 'none') continue;
    if (node.tag === 'img' && node.attrs['src']) urls.add(node.attrs['src']);
    // An <object> shows its data if that loads as an image (HTML §4.8.7; Chromium goes by what
    // loads, not by the type attribute), else its fallback content (layout's boxes/build-boxes.ts).
    if (node.tag === 'object' && node.attrs['data']) urls.add(node.attrs['data']);
    for (const layer of node.style.backgroundLayers) addImage(layer.image);
    addImage(node.style.listStyleImage);
    addImage(node.style.borderImage?.source ?? null);
    for (const child of node.children) stack.push(child);
  }
  return urls;
}
