import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { encodePng } from './png-write.js';

/**
 * WebP → PNG, because PDFKit embeds only PNG and JPEG. Decoded by libwebp (the decoder
 * Chromium uses) compiled to WebAssembly by @jsquash/webp: lossy, lossless and alpha; an
 * animation shows its first frame. The wasm module is compiled on the first WebP of the
 * process, from the package's own file (no download).
 */
type WebpDecode = (
  data: ArrayBuffer,
) => Promise<{ readonly width: number; readonly height: number; readonly data: Uint8ClampedArray }>;
interface WebpDecoderModule {
  default: WebpDecode;
  init(options: { wasmBinary: Uint8Array }): Promise<void>;
}
/** Imported by name at run time (typed here): a checkout without the package still builds. */
const DECODER_MODULE = '@jsquash/webp/decode.js';

const requireCjs = createRequire(import.meta.url);
let decoder: Promise<WebpDecode> | null = null;

async function loadDecoder(): Promise<WebpDecode> {
  const { default: decode, init } = (await import(DECODER_MODULE)) as WebpDecoderModule;
  // Emscripten's own option: instantiate from these bytes instead of fetching the file.
  await init({ wasmBinary: readFileSync(requireCjs.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')) });
  return decode;
}

/** The WebP as PNG bytes, or null if libwebp cannot decode it. */
export async function webpToPng(webp: Uint8Array): Promise<Buffer | null> {
  try {
    const decode = await (decoder ??= loadDecoder());
    const image = await decode(webp.slice().buffer);
    return encodePng(
      image.width,
      image.height,
      new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    );
  } catch {
    return null;
  }
}
