import { describe, expect, it } from 'vitest';
import { htmlToText, previewOf } from '../src/html-text.js';

describe('htmlToText', () => {
  it('keeps visible text, drops tags, styles and scripts, decodes entities', () => {
    expect(htmlToText('<style>p{}</style><h1>Title</h1><p>A &amp; B&nbsp;&#169; {{x}}</p><script>1</script>line<br>two')).toBe('Title\nA & B © {{x}}\nline\ntwo');
    expect(previewOf('<p>' + 'word '.repeat(100) + '</p>')).toHaveLength(200);
  });
});
