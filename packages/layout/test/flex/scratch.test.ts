import { it } from 'vitest';
import { el } from '../helpers/style.js';
import { dump } from '../helpers/layout.js';
it('scratch', () => {
  console.log(dump(el('body', {}, el('div', { display: 'flex', justifyContent: 'space-between', alignItems: 'center', columnGap: 10 },
    el('div', { width: 100, height: 20 }), el('div', { flexGrow: 1, height: 40 }, 'hello world'), el('div', {}, 'abc def')))));
});
