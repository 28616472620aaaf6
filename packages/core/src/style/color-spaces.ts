import type { Color } from '@platen/layout';

/**
 * CSS Color 4/5 colour spaces (lab, lch, oklab, oklch, color(), color-mix()), converted
 * to sRGB with the matrices of CSS Color 4 §18 "Sample code for colour conversions".
 * Out-of-gamut results are clipped per channel.
 */
type Vec3 = [number, number, number];
type Mat3 = readonly [Vec3, Vec3, Vec3];

const mul = (m: Mat3, v: Vec3): Vec3 => [
  m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
  m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
  m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
];

const XYZ_D65_TO_LINEAR_SRGB: Mat3 = [
  [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
  [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
  [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
];
const LINEAR_SRGB_TO_XYZ_D65: Mat3 = [
  [0.41239079926595934, 0.357584339383878, 0.1804807884018343],
  [0.21263900587151027, 0.715168678767756, 0.07219231536073371],
  [0.01933081871559182, 0.11919477979462598, 0.9505321522496607],
];
const D50_TO_D65: Mat3 = [
  [0.9554734527042182, -0.023098536874261423, 0.0632593086610217],
  [-0.028369706963208136, 1.0099954580058226, 0.021041398966943008],
  [0.012314001688319899, -0.020507696433477912, 1.3303659366080753],
];
const D65_TO_D50: Mat3 = [
  [1.0479298208405488, 0.022946793341019088, -0.05019222954313557],
  [0.029627815688159344, 0.990434484573249, -0.01707382502938514],
  [-0.009243058152591178, 0.015055144896577895, 0.7518742899580008],
];
const LINEAR_P3_TO_XYZ_D65: Mat3 = [
  [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
  [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
  [0, 0.04511338185890264, 1.043944368900976],
];
const D50_WHITE: Vec3 = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585];

export const toLinear = (c: number): number => {
  const a = Math.abs(c);
  return a <= 0.04045 ? c / 12.92 : Math.sign(c) * ((a + 0.055) / 1.055) ** 2.4;
};
export const fromLinear = (c: number): number => {
  const a = Math.abs(c);
  return a <= 0.0031308 ? c * 12.92 : Math.sign(c) * (1.055 * a ** (1 / 2.4) - 0.055);
};

export function oklabToLinearSrgb([L, a, b]: Vec3): Vec3 {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

export function linearSrgbToOklab([r, g, b]: Vec3): Vec3 {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

const KAPPA = 24389 / 27;
const EPSILON = 216 / 24389;

export function labToLinearSrgb([L, a, b]: Vec3): Vec3 {
  const fy = (L + 16) / 116;
  const fx = a / 500 + fy;
  const fz = fy - b / 200;
  const xyz: Vec3 = [
    (fx ** 3 > EPSILON ? fx ** 3 : (116 * fx - 16) / KAPPA) * D50_WHITE[0],
    (L > KAPPA * EPSILON ? fy ** 3 : L / KAPPA) * D50_WHITE[1],
    (fz ** 3 > EPSILON ? fz ** 3 : (116 * fz - 16) / KAPPA) * D50_WHITE[2],
  ];
  return mul(XYZ_D65_TO_LINEAR_SRGB, mul(D50_TO_D65, xyz));
}

export function linearSrgbToLab(rgb: Vec3): Vec3 {
  const xyz = mul(D65_TO_D50, mul(LINEAR_SRGB_TO_XYZ_D65, rgb)).map((v, i) => v / D50_WHITE[i]!) as Vec3;
  const f = xyz.map((v) => (v > EPSILON ? Math.cbrt(v) : (KAPPA * v + 16) / 116)) as Vec3;
  return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])];
}

export const polarToRect = ([l, c, h]: Vec3): Vec3 => [
  l,
  c * Math.cos((h * Math.PI) / 180),
  c * Math.sin((h * Math.PI) / 180),
];
export const rectToPolar = ([l, a, b]: Vec3): Vec3 => {
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return [l, Math.hypot(a, b), h < 0 ? h + 360 : h];
};

/** Linear-light sRGB of a `color()` space's channels, or null for an unknown space. */
export function predefinedToLinearSrgb(space: string, c: Vec3): Vec3 | null {
  switch (space) {
    case 'srgb':
      return c.map(toLinear) as Vec3;
    case 'srgb-linear':
      return c;
    case 'display-p3':
      return mul(XYZ_D65_TO_LINEAR_SRGB, mul(LINEAR_P3_TO_XYZ_D65, c.map(toLinear) as Vec3));
    case 'xyz':
    case 'xyz-d65':
      return mul(XYZ_D65_TO_LINEAR_SRGB, c);
    case 'xyz-d50':
      return mul(XYZ_D65_TO_LINEAR_SRGB, mul(D50_TO_D65, c));
    default:
      return null;
  }
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));

export function linearSrgbToColor(rgb: Vec3, alpha: number): Color {
  const [r, g, b] = rgb.map((c) => Math.round(clamp01(fromLinear(c)) * 255)) as Vec3;
  return { r, g, b, a: clamp01(alpha) };
}

export function colorToLinearSrgb(c: Color): Vec3 {
  return [toLinear(c.r / 255), toLinear(c.g / 255), toLinear(c.b / 255)];
}

/** CSS Color 5 §2 color-mix(): premultiplied interpolation in `space` (hue: shorter arc). */
export function mixColors(space: string, c1: Color, c2: Color, p2: number, alphaScale: number): Color | null {
  const spaces: Record<string, { to: (v: Vec3) => Vec3; from: (v: Vec3) => Vec3; polar: boolean }> = {
    srgb: { to: (v) => v.map(fromLinear) as Vec3, from: (v) => v.map(toLinear) as Vec3, polar: false },
    'srgb-linear': { to: (v) => v, from: (v) => v, polar: false },
    oklab: { to: linearSrgbToOklab, from: oklabToLinearSrgb, polar: false },
    lab: { to: linearSrgbToLab, from: labToLinearSrgb, polar: false },
    oklch: {
      to: (v) => rectToPolar(linearSrgbToOklab(v)),
      from: (v) => oklabToLinearSrgb(polarToRect(v)),
      polar: true,
    },
    lch: { to: (v) => rectToPolar(linearSrgbToLab(v)), from: (v) => labToLinearSrgb(polarToRect(v)), polar: true },
  };
  const s = spaces[space];
  if (!s) return null;
  const a = s.to(colorToLinearSrgb(c1));
  const b = s.to(colorToLinearSrgb(c2));
  const alpha = c1.a * (1 - p2) + c2.a * p2;
  const out: Vec3 = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    if (s.polar && i === 2) {
      let d = b[2] - a[2];
      if (d > 180) d -= 360;
      else if (d < -180) d += 360;
      out[2] = a[2] + d * p2;
    } else {
      // Premultiplied by alpha (every channel but hue), CSS Color 4 §12.3.
      const mixed = a[i]! * c1.a * (1 - p2) + b[i]! * c2.a * p2;
      out[i] = alpha === 0 ? mixed : mixed / alpha;
    }
  }
  return linearSrgbToColor(s.from(out), alpha * alphaScale);
}
