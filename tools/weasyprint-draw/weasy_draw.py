#!/usr/bin/env python3
"""WeasyPrint's tests/draw pixel tests as a conformance check for Platen (README.md).

  weasy_draw.py run [--git DIR] [--rev REV] [--project DIR] [--work DIR] [--only S1,S2] [--no-chromium]
  weasy_draw.py report [--work DIR]
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

try:
    import numpy as np
    from PIL import Image
except ImportError:  # re-run with the system Python, which has them (Debian python3-numpy, python3-pil)
    if sys.executable != '/usr/bin/python3' and Path('/usr/bin/python3').exists():
        os.execv('/usr/bin/python3', ['/usr/bin/python3', *sys.argv])
    raise

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import extract  # noqa: E402

# Bump when staging or comparison changes, so that cached Chromium results are not reused.
HARNESS_VERSION = 4

# WeasyPrint's tests replace the HTML user-agent stylesheet with tests/resources/tests_ua.css
# (no body margin, no paragraph or list spacing, no bold headings …). Chromium and Platen keep
# their HTML UA sheet, so every document starts with this author sheet that takes back what
# their UA sheet adds over tests_ua.css; :where() keeps its specificity at 0 so that the test's
# own rules win, as they win over a UA rule. The @font-face and @page rules are tests_ua.css's.
PRELUDE = '''<style>
@font-face { src: url(weasyprint.otf); font-family: weasyprint }
@page { background: white }
:where(body) { orphans: 1; widows: 1 }
:where(body, p, h1, h2, h3, h4, h5, h6, ul, ol, menu, dl, dd, blockquote, figure, pre, hr,
  fieldset, form) { margin: 0 }
:where(ul, ol, menu, fieldset, td, th) { padding: 0 }
:where(h1, h2, h3, h4, h5, h6, small, big, sub, sup) { font-size: inherit }
:where(h1, h2, h3, h4, h5, h6, b, strong, th) { font-weight: inherit }
:where(i, em, cite, var, dfn, address) { font-style: inherit }
:where(pre, code, kbd, samp, tt) { font-family: inherit; font-size: inherit }
:where(a, ins, u, s, strike, del) { color: inherit; text-decoration: none }
:where(sub, sup) { vertical-align: baseline }
:where(table) { border-spacing: 0; border-color: currentcolor; text-indent: 0 }
:where(thead, tbody, tfoot, tr, td, th) { vertical-align: baseline }
:where(th, caption) { text-align: inherit }
:where(hr) { border: none; color: inherit; overflow: visible }
</style>'''
DOCTYPE = re.compile(r'^\s*<!doctype[^>]*>', re.I)


def staged_html(html):
    """The document as both renderers get it: with a doctype (WeasyPrint has no quirks mode, Chromium
    and Platen render documents without one in quirks mode) and the prelude first."""
    m = DOCTYPE.match(html)
    head = m.group(0) if m else '<!DOCTYPE html>'
    return head + PRELUDE + html[m.end():] if m else head + PRELUDE + html


# ---- rendering ------------------------------------------------------------------------------

class Worker:
    """A node worker (platen-worker.mjs or chromium-worker.mjs), one document at a time."""

    def __init__(self, script, project):
        env = dict(os.environ, PLATEN_PROJECT=str(project))
        self.proc = subprocess.Popen(['node', str(HERE / script)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env, cwd=project)

    def render(self, html_path, pdf_path):
        self.proc.stdin.write(json.dumps({'in': str(html_path), 'out': str(pdf_path)}) + '\n')
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError('worker died')
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def rasterise(pdf):
    """Each page at 96 dpi (1 px = 1 CSS px) without anti-aliasing, as WeasyPrint's tests
    rasterise with Ghostscript (-dTextAlphaBits=1 -dGraphicsAlphaBits=1): RGB arrays. Cairo, as
    Ghostscript, paints the pixels whose centre is inside a shape; poppler's Splash without
    anti-aliasing paints an 8 px square at x = 1 over pixels 0 to 8."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(['pdftocairo', '-r', '96', '-antialias', 'none', '-png', str(pdf),
                        f'{tmp}/p'], check=True, capture_output=True, timeout=120)
        files = sorted(Path(tmp).glob('p-*.png'), key=lambda p: int(p.stem.split('-')[-1]))
        return [np.array(Image.open(f).convert('RGB')) for f in files]


def stack(pages):
    """WeasyPrint's write_png for several pages: one image, pages centred one below the other,
    transparent (compared as black) around narrower pages."""
    width = max(p.shape[1] for p in pages)
    out = np.zeros((sum(p.shape[0] for p in pages), width, 3), dtype=np.uint8)
    top = 0
    for p in pages:
        left = (width - p.shape[1]) // 2
        out[top:top + p.shape[0], left:left + p.shape[1]] = p
        top += p.shape[0]
    return out


def fit_pages(pages, width, height):
    """Chromium's print rounds a page's size to 1/300 in (an 8 × 6 px page is 6 × 5.04 pt), so its
    pages are cut or padded (white) to the expected size when they are within 1 px of it."""
    if not pages or height % len(pages):
        return pages
    h = height // len(pages)
    fitted = []
    for p in pages:
        if abs(p.shape[0] - h) > 1 or abs(p.shape[1] - width) > 1:
            return pages
        canvas = np.full((h, width, 3), 255, dtype=np.uint8)
        ph, pw = min(h, p.shape[0]), min(width, p.shape[1])
        canvas[:ph, :pw] = p[:ph, :pw]
        fitted.append(canvas)
    return fitted


def expected_image(case):
    mask = np.array([p is not None for p in case['pixels']]).reshape(case['height'], case['width'])
    rgb = np.array([p or (0, 0, 0) for p in case['pixels']], dtype=np.int16)
    return rgb.reshape(case['height'], case['width'], 3), mask


def compare(image, expected, mask, tolerance=0):
    """None when equal (WeasyPrint's assert_pixels_equal), else why not."""
    if image.shape != expected.shape:
        return f'size {image.shape[1]}x{image.shape[0]}, expected {expected.shape[1]}x{expected.shape[0]}'
    bad = (np.abs(image.astype(np.int16) - expected) > tolerance).any(axis=2) & mask
    n = int(bad.sum())
    if not n:
        return None
    y, x = np.argwhere(bad)[0]
    return f'{n} px differ, first ({x},{y}): {tuple(int(v) for v in image[y, x])} not {tuple(int(v) for v in expected[y, x])}'


def judge(case, pdfs, chromium):
    """None if the renderer passes the case, else the reason."""
    def image_of(pdf):
        pages = rasterise(pdf)
        if not pages:
            raise RuntimeError('no pages')
        if chromium and case['kind'] == 'pixels':
            pages = fit_pages(pages, case['width'], case['height'])
        return stack(pages)
    images = [image_of(p) for p in pdfs]
    if case['kind'] == 'pixels':
        expected, mask = expected_image(case)
        return compare(images[0], expected, mask)
    if case['kind'] == 'same':
        first = images[0].astype(np.int16)
        for i, other in enumerate(images[1:], start=1):
            why = compare(other, first, np.ones(first.shape[:2], bool), case['tolerance'])
            if why:
                return f'document {i + 1} differs from 1: {why}'
        return None
    for i, a in enumerate(images):  # different
        for j in range(i + 1, len(images)):
            if a.shape == images[j].shape and (a == images[j]).all():
                return f'documents {i + 1} and {j + 1} render the same'
    return None


def documents(case):
    return [case['html']] if case['kind'] == 'pixels' else case['documents']


def case_key(case):
    blob = json.dumps([HARNESS_VERSION, PRELUDE, case['kind'], documents(case), case.get('pixels'),
                       case.get('width'), case.get('tolerance')], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def run_renderer(name, worker, cases, stage, out_dir):
    results = {}
    out_dir.mkdir(parents=True, exist_ok=True)
    for n, case in enumerate(cases, start=1):
        key = case_key(case)
        pdfs, error = [], None
        for i, html in enumerate(documents(case)):
            src = stage / f'{key}-{i}.html'
            src.write_text(staged_html(html), encoding='utf-8')
            pdf = out_dir / f'{key}-{i}.pdf'
            reply = worker.render(src, pdf)
            if not reply['ok']:
                error = f'{name} error: ' + reply['error'].splitlines()[0]
                break
            pdfs.append(pdf)
        if error is None:
            try:
                error = judge(case, pdfs, chromium=name == 'chromium')
            except Exception as e:  # a PDF pdftoppm cannot read
                error = f'{name} raster error: {e}'
        results[case['id']] = {'pass': error is None, 'why': error, 'key': key}
        if n % 50 == 0:
            print(f'  {name}: {n}/{len(cases)}', file=sys.stderr)
    return results


# ---- commands -------------------------------------------------------------------------------

def stage_resources(git, rev, stage):
    stage.mkdir(parents=True, exist_ok=True)
    for path in extract.git_files(git, rev, 'tests/resources'):
        target = stage / path[len('tests/resources/'):]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(extract.git_bytes(git, rev, path))


def cmd_run(args):
    git = args.git or os.environ.get('WEASYPRINT_GIT')
    if not git:
        raise SystemExit('--git or $WEASYPRINT_GIT: the bare repository of a Kozea/WeasyPrint snapshot')
    work = Path(args.work).resolve()
    project = Path(args.project).resolve()
    if work.joinpath('src').exists():
        shutil.rmtree(work / 'src')
    stage = work / 'stage'
    stage_resources(git, args.rev, stage)
    cases, problems = extract.extract(git, args.rev, work)
    if args.only:
        cases = [c for c in cases if any(s in c['id'] for s in args.only.split(','))]
    print(f'{len(cases)} cases extracted ({len(problems)} tests could not be run by the stand-ins)', file=sys.stderr)

    cache_file = work / 'chromium-cache.json'
    cache = json.loads(cache_file.read_text()) if cache_file.exists() else {}
    chromium = {}
    if not args.no_chromium:
        todo = [c for c in cases if case_key(c) not in cache]
        if todo:
            worker = Worker('chromium-worker.mjs', project)
            try:
                fresh = run_renderer('chromium', worker, todo, stage, work / 'chromium')
            finally:
                worker.close()
            for case in todo:
                cache[case_key(case)] = fresh[case['id']]
            cache_file.write_text(json.dumps(cache, indent=0, sort_keys=True))
        chromium = {c['id']: cache[case_key(c)] for c in cases}

    worker = Worker('platen-worker.mjs', project)
    try:
        platen = run_renderer('platen', worker, cases, stage, work / 'platen')
    finally:
        worker.close()
    results = [{'id': c['id'], 'xfail': c['xfail'], 'platen': platen[c['id']],
                'chromium': chromium.get(c['id']), 'expected': c.get('expected')} for c in cases]
    (work / 'results.json').write_text(json.dumps({'results': results, 'problems': problems}, indent=1))
    report(work)


def report(work):
    data = json.loads((Path(work) / 'results.json').read_text())
    results = data['results']
    by_file = defaultdict(Counter)
    for r in results:
        f = by_file[r['id'].split('::')[0]]
        f['cases'] += 1
        f['platen'] += r['platen']['pass']
        if r['chromium'] is not None and r['chromium']['pass']:
            f['chromium'] += 1
            f['both'] += r['platen']['pass']
    total = Counter()
    for f in by_file.values():
        total.update(f)
    pct = lambda a, b: f'{100 * a / b:.1f}%' if b else '-'  # noqa: E731
    print('| file | cases | Chromium pass | Platen pass of those | % | Platen pass (all) |')
    print('|---|---:|---:|---:|---:|---:|')
    for name in sorted(by_file) + ['**all**']:
        f = total if name == '**all**' else by_file[name]
        print(f"| {name} | {f['cases']} | {f['chromium']} | {f['both']} | {pct(f['both'], f['chromium'])} "
              f"| {f['platen']} ({pct(f['platen'], f['cases'])}) |")
    print(f"\nConsensus (cases Chromium passes): Platen passes {total['both']} of {total['chromium']} = "
          f"{pct(total['both'], total['chromium'])}; all cases: {total['platen']} of {total['cases']} = "
          f"{pct(total['platen'], total['cases'])}")
    failing = [r for r in results if r['chromium'] and r['chromium']['pass'] and not r['platen']['pass']]
    lines = [f"{r['id']}  [{r['platen']['why']}]" for r in failing]
    (Path(work) / 'failing.txt').write_text('\n'.join(lines) + '\n')
    print(f'\nfailing consensus cases ({len(failing)}, also in {work}/failing.txt)')
    for line in lines:
        print('  ' + line)


def grid(image, table):
    chars = {v: k for k, v in reversed(list(table.items())) if v is not None}
    return [''.join(chars.get(tuple(int(c) for c in px), '?') for px in row) for row in image]


def cmd_show(args):
    """A case's expected pixels, and Platen's and Chromium's, as WeasyPrint's characters."""
    work = Path(args.work)
    results = {r['id']: r for r in json.loads((work / 'results.json').read_text())['results']}
    r = results[args.id]
    key = r['platen']['key']
    print(f"{args.id}\n  platen: {r['platen']['why'] or 'pass'}\n  chromium: "
          f"{(r['chromium'] or {}).get('why') or 'pass'}")
    for n, html in enumerate(sorted((work / 'stage').glob(f'{key}-*.html'))):
        print(f'  document {n + 1}: {html}')
    table = json.loads((work / 'pixels-by-char.json').read_text())
    table = {k: tuple(v) if v else None for k, v in table.items()}
    if r.get('expected'):
        print('expected:\n' + '\n'.join('  ' + line.strip() for line in r['expected'].strip().splitlines()))
    for name in ('platen', 'chromium'):
        for pdf in sorted((work / name).glob(f'{key}-*.pdf')):
            print(f'{name} {pdf.name}:')
            print('\n'.join('  ' + line for line in grid(stack(rasterise(pdf)), table)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest='command', required=True)
    run = sub.add_parser('run')
    run.add_argument('--git', help='bare git directory of a Kozea/WeasyPrint snapshot (default $WEASYPRINT_GIT)')
    run.add_argument('--rev', default='HEAD')
    run.add_argument('--project', default='.', help='the Platen checkout (built) to render with')
    run.add_argument('--work', default=os.environ.get('WEASY_DRAW_WORK', '/tmp/weasy-draw'))
    run.add_argument('--only', help='only case ids containing one of these comma-separated strings')
    run.add_argument('--no-chromium', action='store_true')
    show = sub.add_parser('show')
    show.add_argument('id')
    show.add_argument('--work', default=os.environ.get('WEASY_DRAW_WORK', '/tmp/weasy-draw'))
    rep = sub.add_parser('report')
    rep.add_argument('--work', default=os.environ.get('WEASY_DRAW_WORK', '/tmp/weasy-draw'))
    args = parser.parse_args()
    if args.command == 'run':
        cmd_run(args)
    elif args.command == 'show':
        cmd_show(args)
    else:
        report(args.work)


if __name__ == '__main__':
    main()
