import { describe, expect, it } from 'vitest';
import { MAX_SVG_ELEMENTS, svgExpansionProblem } from '../../src/limits/svg-expansion.js';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${body}</svg>`;

describe('svgExpansionProblem', () => {
  it('accepts ordinary <use> of shared symbols', () => {
    expect(
      svgExpansionProblem(svg('<defs><circle id="dot" r="2"/></defs><use href="#dot"/><use xlink:href="#dot" x="5"/>')),
    ).toBeNull();
    expect(svgExpansionProblem(svg('<rect width="5" height="5"/>'))).toBeNull();
  });

  it('refuses a <use> that reaches itself, directly or through its ancestors', () => {
    expect(svgExpansionProblem(svg('<use id="u" href="#u"/>'))).toMatch(/references itself/);
    expect(svgExpansionProblem(svg('<g id="a"><g><use xlink:href="#a"/></g></g>'))).toMatch(/references itself/);
  });

  it('refuses exponential fan-out past the element budget', () => {
    const levels = Array.from(
      { length: 6 },
      (_, i) => `<g id="l${i + 1}">${`<use href="#l${i}"/>`.repeat(10)}</g>`,
    ).join('');
    expect(svgExpansionProblem(svg(`<defs><rect id="l0"/>${levels}</defs><use href="#l6"/>`))).toMatch(
      new RegExp(`more than ${MAX_SVG_ELEMENTS}`),
    );
    const small = Array.from(
      { length: 3 },
      (_, i) => `<g id="l${i + 1}">${`<use href="#l${i}"/>`.repeat(10)}</g>`,
    ).join('');
    expect(svgExpansionProblem(svg(`<defs><rect id="l0"/>${small}</defs><use href="#l3"/>`))).toBeNull();
  });
});
