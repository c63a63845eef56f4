import { createElement as h } from 'react';

/** The logo's drawing: public/logo.svg, the favicon, is the same (Logo.test.tsx keeps them alike). */
const SHAPES = [
  h('rect', { key: 'tile', width: 64, height: 64, rx: 14, fill: '#F5222D' }),
  h('path', { key: 'sheet', d: 'M20 12h18l10 10v28a4 4 0 0 1-4 4H20a4 4 0 0 1-4-4V16a4 4 0 0 1 4-4z', fill: '#fff' }),
  h('path', { key: 'fold', d: 'M38 12v10h10', fill: '#ffccc7' }),
  h('path', {
    key: 'tick',
    d: 'M23 36l6 6 12-13',
    fill: 'none',
    stroke: '#F5222D',
    strokeWidth: 5,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  }),
];

/**
 * The app's logo, drawn in the page itself rather than as <img src="/logo.svg">: Chromium opens every SVG image as a
 * document of its own, 15-60 ms of a phone's main thread apiece at bench:lighthouse's 4x CPU, and the shell, the top
 * bar and the login card each drew one. Decorative: the title beside it names the app. Written without JSX because
 * the build also draws it into the documents' shells (config/shell.ts), and Umi compiles what its plugins import
 * only from .ts files.
 */
export default function Logo({ size }: { size: number }) {
  return h('svg', { viewBox: '0 0 64 64', width: size, height: size, 'aria-hidden': true, focusable: false }, SHAPES);
}
