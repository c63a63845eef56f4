import type { IApi } from '@umijs/max';
import { firstScreenAntdStyles } from './antdStyles';
import { PRERENDERED_PATHS, SHELL_CSS, shellFor } from './shell';

/**
 * Writes the app shell of config/shell.ts into index.html (its styles in <head>, its markup in #root, in both
 * languages under <html lang="zh-CN">, which the server changes to the language the app will show), and
 * writes <path>/index.html for each of PRERENDERED_PATHS with that page's own shell: the server answers a page's own
 * document when the build has one (server/http/static.ts), so its first paint is that page, not the top bar. Those
 * documents link antd's styles of their first screen, written as a stylesheet of their own (config/antdStyles.ts).
 */
export default (api: IApi) => {
  api.modifyHTML(($, { path }) => {
    $('head').append(`<style>${SHELL_CSS}</style>`);
    $('html').attr('lang', 'zh-CN');
    $('#root').html(shellFor(path ?? '/'));
    // After the shell, which paints without waiting for it; before the scripts, which wait for it, so antd's runtime
    // finds its map from the start. The build writes the file (below); the dev server does not.
    const antd = api.env === 'production' ? firstScreenAntdStyles(path ?? '/') : undefined;
    if (antd) $('#root').after(`<link rel="stylesheet" href="/${antd.file}">`);
    return $;
  });
  api.modifyExportHTMLFiles(async (files, { markupArgs, getMarkup }) => {
    const pages = await Promise.all(
      PRERENDERED_PATHS.map(async (path) => ({
        path: `${path.slice(1)}/index.html`,
        content: await getMarkup({ ...markupArgs, path }),
      })),
    );
    const stylesheets = PRERENDERED_PATHS.flatMap((path) => firstScreenAntdStyles(path) ?? []);
    return [...files, ...pages, ...stylesheets.map(({ file, css }) => ({ path: file, content: css }))];
  });
};
