import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IApi } from '@umijs/max';
import { firstScreenAntdStyles } from './antdStyles';
import { BOOT_LOADER, bootTag } from './bootLoader';
import { PRERENDERED_PATHS, SHELL_CSS, shellFor } from './shell';

/**
 * Writes the app shell of config/shell.ts into index.html (its styles in <head>, its markup in #root, in both
 * languages under <html lang="zh-CN">, which the server changes to the language the app will show), and
 * writes <path>/index.html for each of PRERENDERED_PATHS with that page's own shell: the server answers a page's own
 * document when the build has one (server/http/static.ts), so its first paint is that page, not the top bar. In a
 * production build the documents paint before they fetch anything: Umi's CSS is written into them, and the loader of
 * config/bootLoader.ts fetches the scripts and the page's first-screen antd styles (config/antdStyles.ts) once the
 * browser reports the first paint.
 */
export default (api: IApi) => {
  api.modifyHTML(($, { path }) => {
    $('head').append(`<style>${SHELL_CSS}</style>`);
    $('html').attr('lang', 'zh-CN');
    $('#root').html(shellFor(path ?? '/'));
    if (api.env !== 'production') return $;
    $('link[rel="stylesheet"]').each((_, link) => {
      const href = $(link).attr('href') ?? '';
      $(link).replaceWith(`<style>${readFileSync(join(api.paths.absOutputPath, href), 'utf8')}</style>`);
    });
    const sources = (scripts: ReturnType<typeof $>) => scripts.toArray().map((script) => $(script).attr('src') ?? '');
    const antd = firstScreenAntdStyles(path ?? '/');
    const loader = bootTag({
      now: sources($('head script[src]')),
      styles: antd ? [`/${antd.file}`] : [],
      scripts: sources($('body script[src]')),
    });
    $('script[src]').remove();
    $('#root').after(loader);
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
    return [
      ...files,
      ...pages,
      ...stylesheets.map(({ file, css }) => ({ path: file, content: css })),
      { path: BOOT_LOADER.file, content: BOOT_LOADER.content },
    ];
  });
};
