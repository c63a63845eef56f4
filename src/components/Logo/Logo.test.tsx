import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import Logo, { logoMarkup } from '.';

/** The shapes of an SVG drawing, each as its tag and its drawing attributes, in order. */
function shapesOf(svg: Element): string[] {
  return [...svg.children].map((shape) =>
    [shape.tagName, ...[...shape.attributes].map(({ name, value }) => `${name}=${value}`).sort()].join(' '),
  );
}

const parse = (markup: string) => new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
const favicon = parse(readFileSync(join(__dirname, '../../../public/logo.svg'), 'utf8'));

test('the logo drawn by React is the favicon public/logo.svg, at its size, hidden from screen readers', () => {
  const drawn = render(<Logo size={28} />).container.querySelector('svg') as Element;
  expect(drawn).toHaveAttribute('aria-hidden', 'true');
  expect(drawn).toHaveAttribute('width', '28');
  expect(drawn.getAttribute('viewBox')).toBe(favicon.getAttribute('viewBox'));
  expect(shapesOf(drawn)).toEqual(shapesOf(favicon));
  expect(shapesOf(favicon)).toHaveLength(4);
});

test("the shells' markup of the logo is the same drawing as React's", () => {
  const drawn = render(<Logo size={48} />).container.querySelector('svg') as Element;
  const markup = parse(logoMarkup(48));
  expect(markup.getAttribute('width')).toBe('48');
  expect(markup.getAttribute('aria-hidden')).toBe('true');
  expect(shapesOf(markup)).toEqual(shapesOf(drawn));
});
