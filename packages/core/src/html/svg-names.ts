import type { Element } from 'domhandler';

/** HTML §13.2.6.5 "adjust SVG attributes": the camelCase names the parser restores. */
const SVG_ATTRIBUTES = `attributeName attributeType baseFrequency baseProfile calcMode clipPathUnits diffuseConstant
  edgeMode filterUnits glyphRef gradientTransform gradientUnits kernelMatrix kernelUnitLength keyPoints keySplines
  keyTimes lengthAdjust limitingConeAngle markerHeight markerUnits markerWidth maskContentUnits maskUnits numOctaves
  pathLength patternContentUnits patternTransform patternUnits pointsAtX pointsAtY pointsAtZ preserveAlpha
  preserveAspectRatio primitiveUnits refX refY repeatCount repeatDur requiredExtensions requiredFeatures
  specularConstant specularExponent spreadMethod startOffset stdDeviation stitchTiles surfaceScale systemLanguage
  tableValues targetX targetY textLength viewBox viewTarget xChannelSelector yChannelSelector zoomAndPan`;

/** HTML §13.2.6.5 SVG element names with capitals. */
const SVG_TAGS = `altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath feBlend
  feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight
  feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology
  feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence foreignObject glyphRef linearGradient
  radialGradient textPath`;

const byLowerCase = (names: string): ReadonlyMap<string, string> =>
  new Map(
    names
      .split(/\s+/)
      .filter(Boolean)
      .map((n) => [n.toLowerCase(), n]),
  );
const ATTRIBUTES = byLowerCase(SVG_ATTRIBUTES);
const TAGS = byLowerCase(SVG_TAGS);

/**
 * htmlparser2 lower-cases every name; give an SVG element its case back, as a browser's
 * parser does (parse.ts calls this for each element inside `<svg>`, foreignObject content excepted).
 */
export function restoreSvgCase(el: Element): void {
  el.name = TAGS.get(el.name) ?? el.name;
  let renamed = false;
  for (const k in el.attribs) if (ATTRIBUTES.has(k)) renamed = true;
  if (!renamed) return;
  const attribs: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.attribs)) attribs[ATTRIBUTES.get(k) ?? k] = v;
  el.attribs = attribs;
}
