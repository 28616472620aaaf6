/**
 * Shows PDF bytes with pdf.js: one canvas per page plus pdf.js's text layer
 * (selectable, searchable, and readable by tests and screen readers). Pages are
 * drawn off-screen and swapped in when complete, so the preview never blanks
 * while the next version renders. The worker is bundled by Vite (`?url`), no CDN.
 */
import { GlobalWorkerOptions, TextLayer, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'preact/hooks';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Past this many pages the preview stops drawing; the PDF itself is complete. */
const MAX_PAGES = 30;

async function drawPage(doc: PDFDocumentProxy, n: number, width: number): Promise<HTMLElement> {
  const page = await doc.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const scale = width / base.width;
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;

  const wrap = document.createElement('div');
  wrap.className = 'pdf-page';
  wrap.style.width = `${Math.floor(viewport.width)}px`;
  wrap.style.height = `${Math.floor(viewport.height)}px`;
  wrap.style.setProperty('--total-scale-factor', String(scale));
  wrap.style.setProperty('--scale-round-x', '1px');
  wrap.style.setProperty('--scale-round-y', '1px');
  wrap.dataset.pageNumber = String(n);

  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.setAttribute('aria-hidden', 'true');
  wrap.append(canvas);
  await page.render({
    canvas,
    viewport,
    transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
  }).promise;

  const text = document.createElement('div');
  text.className = 'textLayer';
  wrap.append(text);
  await new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
  page.cleanup();
  return wrap;
}

export interface PdfPreviewProps {
  bytes: Uint8Array | null;
  /** Dims the pages while a newer version is on its way or the current one has errors. */
  stale: boolean;
  label: string;
}

export function PdfPreview(props: PdfPreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  const pages = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [info, setInfo] = useState<string>('');

  useEffect(() => {
    const el = box.current!;
    const ro = new ResizeObserver(() => {
      const w = Math.max(200, Math.floor(el.clientWidth - 32));
      setWidth((old) => (Math.abs(old - w) > 4 ? w : old));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (!props.bytes || width === 0) return;
    let cancelled = false;
    const task = getDocument({ data: props.bytes.slice(), isEvalSupported: false });
    (async () => {
      const doc = await task.promise;
      const count = Math.min(doc.numPages, MAX_PAGES);
      const drawn: HTMLElement[] = [];
      for (let n = 1; n <= count && !cancelled; n++) drawn.push(await drawPage(doc, n, width));
      if (cancelled) return;
      pages.current!.replaceChildren(...drawn);
      const more = doc.numPages > count ? ` (first ${count} shown)` : '';
      setInfo(`${doc.numPages} page${doc.numPages === 1 ? '' : 's'}${more}`);
      await doc.destroy();
    })().catch((err: unknown) => {
      if (!cancelled) setInfo(`The preview could not be drawn: ${err instanceof Error ? err.message : String(err)}`);
    });
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [props.bytes, width]);

  return (
    <div
      class={`pdf-preview${props.stale ? ' stale' : ''}`}
      ref={box}
      role="region"
      aria-label={props.label}
      aria-busy={props.stale}
    >
      <p class="pdf-info" aria-live="polite">
        {info}
      </p>
      <div class="pdf-pages" ref={pages} />
    </div>
  );
}
