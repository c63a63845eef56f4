import { createElement as h } from 'react';

/** The logo's drawing, each shape's attributes as SVG names them: public/logo.svg, the favicon, is the same. */
const SHAPES: Array<[tag: string, attributes: Record<string, string>]> = [
  ['rect', { width: '64', height: '64', rx: '14', fill: '#F5222D' }],
  ['path', { d: 'M20 12h18l10 10v28a4 4 0 0 1-4 4H20a4 4 0 0 1-4-4V16a4 4 0 0 1 4-4z', fill: '#fff' }],
  ['path', { d: 'M38 12v10h10', fill: '#ffccc7' }],
  [
    'path',
    {
      d: 'M23 36l6 6 12-13',
      fill: 'none',
      stroke: '#F5222D',
      'stroke-width': '5',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
  ],
];

/** Decorative: the title beside it names the app. */
const frame = (size: number) => ({
  viewBox: '0 0 64 64',
  width: `${size}`,
  height: `${size}`,
  'aria-hidden': 'true',
  focusable: 'false',
});

/** React's name of an SVG attribute (stroke-width: strokeWidth). */
const reactName = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * The app's logo, drawn in the page itself rather than as <img src="/logo.svg">: Chromium opens every SVG image as a
 * document of its own, 15-60 ms of a phone's main thread apiece at bench:lighthouse's 4x CPU, and the shell, the top
 * bar and the login card each drew one. Written without JSX because the documents' shells draw it too (logoMarkup,
 * config/shell.ts), and Umi compiles what its plugins import only from .ts files.
 */
export default function Logo({ size }: { size: number }) {
  const shapes = SHAPES.map(([tag, attributes], key) =>
    h(tag, { key, ...Object.fromEntries(Object.entries(attributes).map(([name, value]) => [reactName(name), value])) }),
  );
  return h('svg', frame(size), shapes);
}

/** The same logo as markup, for the shells the build writes into the documents (and src/loading.tsx shows). */
export function logoMarkup(size: number): string {
  const attributes = (list: Record<string, string>) =>
    Object.entries(list)
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
  const shapes = SHAPES.map(([tag, list]) => `<${tag}${attributes(list)}/>`).join('');
  return `<svg${attributes(frame(size))}>${shapes}</svg>`;
}
