import type { IApi } from '@umijs/max';
import { firstScreenAntdStyles } from './antdStyles';
import { PRERENDERED_PATHS, SHELL_CSS, shellFor } from './shell';

/**
 * Writes the app shell of config/shell.ts into index.html (its styles in <head>, its markup in #root, in both
 * languages under <html lang="zh-CN">, which the server changes to the language the app will show), and
 * writes <path>/index.html for each of PRERENDERED_PATHS with that page's own shell: the server answers a page's own
 * document when the build has one (server/http/static.ts), so its first paint is that page, not the top bar. Those
 * documents also carry antd's styles of their first screen (config/antdStyles.ts).
 */
export default (api: IApi) => {
  api.modifyHTML(($, { path }) => {
    // Before the app's own stylesheet, where antd's runtime puts the styles it writes, so the app's rules still win.
    const antd = firstScreenAntdStyles(path ?? '/');
    if (antd) $('link[rel=stylesheet]').first().before(`<style>${antd}</style>`);
    $('head').append(`<style>${SHELL_CSS}</style>`);
    $('html').attr('lang', 'zh-CN');
    $('#root').html(shellFor(path ?? '/'));
    return $;
  });
  api.modifyExportHTMLFiles(async (files, { markupArgs, getMarkup }) => [
    ...files,
    ...(await Promise.all(
      PRERENDERED_PATHS.map(async (path) => ({
        path: `${path.slice(1)}/index.html`,
        content: await getMarkup({ ...markupArgs, path }),
      })),
    )),
  ]);
};
