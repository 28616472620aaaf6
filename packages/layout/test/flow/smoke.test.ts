import { describe, expect, it } from 'vitest';
import { el } from '../helpers/style.js';
import { dump } from '../helpers/layout.js';

describe('smoke', () => {
  it('lays out a paragraph', () => {
    expect(dump(el('body', { marginTop: 8, marginLeft: 8, marginRight: 8 }, el('p', { marginTop: 16 }, 'Hello world, this is ', el('b', {}, 'bold'), ' text.')))).toMatchInlineSnapshot(`
      "box html 0,0 800x32
        box body 8,16 784x16
          box p 8,16 784x16
            box (anon) 8,16 784x16
              text "Hello world, this is " 8,28.8 w=168
              box b 176,16 32x16
                text "bold" 176,28.8 w=32
              text " text." 208,28.8 w=48"
    `);
  });
});
