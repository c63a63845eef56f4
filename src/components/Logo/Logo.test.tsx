import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import Logo from '.';

/** The shapes of an SVG drawing, each as its tag and its drawing attributes, in order. */
function shapesOf(svg: Element): string[] {
  return [...svg.children].map((shape) =>
    [shape.tagName, ...[...shape.attributes].map(({ name, value }) => `${name}=${value}`).sort()].join(' '),
  );
}

test('the logo drawn in the page is the favicon public/logo.svg, hidden from screen readers', () => {
  const { container } = render(<Logo size={28} />);
  const drawn = container.querySelector('svg');
  const favicon = new DOMParser().parseFromString(
    readFileSync(join(__dirname, '../../../public/logo.svg'), 'utf8'),
    'image/svg+xml',
  ).documentElement;
  expect(drawn).toHaveAttribute('aria-hidden', 'true');
  expect(drawn).toHaveAttribute('width', '28');
  expect(drawn?.getAttribute('viewBox')).toBe(favicon.getAttribute('viewBox'));
  expect(shapesOf(drawn as Element)).toEqual(shapesOf(favicon));
  expect(shapesOf(favicon)).toHaveLength(4);
});
