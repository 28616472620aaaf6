"""Extract the pixel cases of WeasyPrint's tests/draw without WeasyPrint or pytest.

The test modules are run for real (their pixel strings and HTML are often computed: loops,
%-formatting, parametrize), against small stand-ins: `pytest` (parametrize, param, xfail),
`weasyprint` (HTML, path2url, pango version), `tests/testing_utils.py` and
`tests/draw/__init__.py`. Each test function is called once per parametrize combination with
fixtures that record their arguments instead of rendering:

  assert_pixels(expected, html)               -> {"kind": "pixels", "expected", "html"}
  assert_same_renderings(*docs, tolerance=0)  -> {"kind": "same", "documents", "tolerance"}
  assert_different_renderings(*docs)          -> {"kind": "different", "documents"}

The expected strings are decoded with WeasyPrint's own PIXELS_BY_CHAR, read from the
snapshot's tests/draw/__init__.py with `ast`.
"""

import ast
import contextlib
import importlib
import inspect
import itertools
import json
import subprocess
import sys
import types
from pathlib import Path

FIXTURES = ('assert_pixels', 'assert_same_renderings', 'assert_different_renderings')


def git_files(git, rev, prefix):
    out = subprocess.run(['git', '--git-dir', git, 'ls-tree', '-r', '--name-only', rev, prefix],
                         check=True, capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line]


def git_bytes(git, rev, path):
    return subprocess.run(['git', '--git-dir', git, 'show', f'{rev}:{path}'],
                          check=True, capture_output=True).stdout


def pixels_by_char(source):
    """WeasyPrint's PIXELS_BY_CHAR dict, read from tests/draw/__init__.py."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == 'PIXELS_BY_CHAR' for t in node.targets):
            return ast.literal_eval(node.value)
    raise SystemExit('PIXELS_BY_CHAR not found in tests/draw/__init__.py')


def parse_pixels(text, table):
    """tests/draw's parse_pixels: '#' comments, blank lines dropped, one char a pixel."""
    lines = [line.split('#')[0].strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    widths = {len(line) for line in lines}
    if len(widths) != 1:
        raise ValueError('pixel lines of different widths')
    return widths.pop(), len(lines), [table[c] for line in lines for c in line]


# ---- stand-ins --------------------------------------------------------------------------

class _Mark:
    """pytest.mark: parametrize and xfail are kept on the function, anything else ignored."""

    def parametrize(self, names, values, ids=None, **_):
        names = [n.strip() for n in names.split(',')] if isinstance(names, str) else list(names)

        def deco(fn):
            fn.__dict__.setdefault('_wd_params', []).insert(0, (names, list(values)))
            return fn
        return deco

    def xfail(self, *args, **kwargs):
        if len(args) == 1 and callable(args[0]) and not kwargs:
            args[0]._wd_xfail = True
            return args[0]

        def deco(fn):
            fn._wd_xfail = bool(args[0]) if args else True
            return fn
        return deco

    def __getattr__(self, _name):
        def mark(*args, **_):
            if len(args) == 1 and callable(args[0]):
                return args[0]
            return lambda fn: fn
        return mark


class _Param:
    def __init__(self, *values, marks=(), id=None):  # noqa: A002 (pytest's name)
        self.values = values
        marks = marks if isinstance(marks, (list, tuple)) else [marks]
        self.xfail = any(getattr(m, '_wd_is_xfail', False) for m in marks)


def _install_stubs(resources):
    pytest = types.ModuleType('pytest')
    pytest.mark = _Mark()
    pytest.param = _Param
    pytest.fixture = lambda *a, **k: (a[0] if a and callable(a[0]) else (lambda fn: fn))
    pytest.raises = lambda *a, **k: contextlib.nullcontext()
    pytest.skip = lambda *a, **k: None
    # `pytest.param(..., marks=pytest.mark.xfail)` passes the bound method itself
    pytest.mark.xfail.__func__._wd_is_xfail = True
    sys.modules['pytest'] = pytest

    class HTML:
        def __init__(self, *a, **k):
            pass

        def write_pdf(self, *a, **k):
            return b''

        def render(self, *a, **k):
            return self

    weasyprint = types.ModuleType('weasyprint')
    weasyprint.HTML = weasyprint.CSS = HTML
    urls = types.ModuleType('weasyprint.urls')
    urls.path2url = lambda p: Path(p).resolve().as_uri()
    text = types.ModuleType('weasyprint.text')
    ffi = types.ModuleType('weasyprint.text.ffi')
    ffi.pango = types.SimpleNamespace(pango_version=lambda: 0)
    for name, mod in (('weasyprint', weasyprint), ('weasyprint.urls', urls),
                      ('weasyprint.text', text), ('weasyprint.text.ffi', ffi)):
        sys.modules[name] = mod
    return HTML


def _testing_utils_source(resources):
    return f'''
import contextlib
from pathlib import Path
from weasyprint import HTML as FakeHTML
SANS_FONTS = 'DejaVu Sans, sans'
MONO_FONTS = 'DejaVu Sans Mono, monospace'
def resource_path(name):
    return Path({str(resources)!r}) / name
def assert_no_logs(fn):
    return fn
@contextlib.contextmanager
def capture_logs(*a, **k):
    yield []
'''


# ---- running the tests ------------------------------------------------------------------

def _combinations(fn):
    """(id suffix, kwargs, xfail) for each parametrize combination, pytest's order."""
    layers = getattr(fn, '_wd_params', [])
    if not layers:
        yield '', {}, False
        return
    expanded = []
    for names, values in layers:
        rows = []
        for i, v in enumerate(values):
            xfail = isinstance(v, _Param) and v.xfail
            v = v.values if isinstance(v, _Param) else (v,) if len(names) == 1 else v
            rows.append((i, dict(zip(names, v)), xfail))
        expanded.append(rows)
    for combo in itertools.product(*expanded):
        kwargs = {}
        for _, kw, _ in combo:
            kwargs.update(kw)
        yield '[' + '-'.join(str(i) for i, _, _ in combo) + ']', kwargs, any(x for _, _, x in combo)


def extract(git, rev, root):
    """Write the snapshot's tests to root/src and return (cases, problems)."""
    src = root / 'src'
    resources = root / 'stage'
    draw_init = git_bytes(git, rev, 'tests/draw/__init__.py').decode()
    table = pixels_by_char(draw_init)
    (root / 'pixels-by-char.json').write_text(json.dumps(table))
    (src / 'tests' / 'draw' / 'svg').mkdir(parents=True, exist_ok=True)
    (src / 'tests' / '__init__.py').write_text('')
    (src / 'tests' / 'testing_utils.py').write_text(_testing_utils_source(resources))
    (src / 'tests' / 'draw' / '__init__.py').write_text('')
    modules = []
    for path in git_files(git, rev, 'tests/draw'):
        if not path.endswith('.py') or path.endswith('__init__.py'):
            if path.endswith('svg/__init__.py'):
                (src / path).write_text('')
            continue
        (src / path).write_bytes(git_bytes(git, rev, path))
        modules.append(path[:-3].replace('/', '.'))

    _install_stubs(resources)
    sys.path.insert(0, str(src))
    importlib.invalidate_caches()
    cases, problems = [], []
    for name in sorted(modules):
        module = importlib.import_module(name)
        file = name.split('.', 2)[2].replace('.', '/') + '.py'
        for fname, fn in inspect.getmembers(module, inspect.isfunction):
            if not fname.startswith('test_') or fn.__module__ != name:
                continue
            wanted = list(inspect.signature(fn).parameters)
            if not any(f in wanted for f in FIXTURES):
                continue
            for suffix, kwargs, xfail in _combinations(fn):
                recorded = []
                fixtures = {
                    'assert_pixels': lambda expected, html, r=recorded: r.append(
                        {'kind': 'pixels', 'expected': expected, 'html': html}),
                    'assert_same_renderings': lambda *docs, tolerance=0, r=recorded: r.append(
                        {'kind': 'same', 'documents': list(docs), 'tolerance': tolerance}),
                    'assert_different_renderings': lambda *docs, r=recorded: r.append(
                        {'kind': 'different', 'documents': list(docs)}),
                }
                args = {k: fixtures[k] if k in fixtures else kwargs.get(k) for k in wanted}
                test_id = f'{file}::{fname}{suffix}'
                try:
                    fn(**args)
                except Exception as error:  # the stand-ins cannot run every test
                    problems.append(f'{test_id}: {type(error).__name__}: {error}')
                xfail = xfail or getattr(fn, '_wd_xfail', False)
                for i, case in enumerate(recorded):
                    case['id'] = test_id + (f'#{i + 1}' if len(recorded) > 1 else '')
                    case['xfail'] = xfail
                    if case['kind'] == 'pixels':
                        try:
                            w, h, px = parse_pixels(case['expected'], table)
                        except (ValueError, KeyError) as error:
                            problems.append(f"{case['id']}: bad pixels: {error}")
                            continue
                        case.update(width=w, height=h, pixels=px)
                    cases.append(case)
    return cases, problems
