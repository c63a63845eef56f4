import type { IApi } from '@umijs/max';
import { SHELL_CSS, shellMarkup } from './shell';

/** Writes the app shell of config/shell.ts into index.html: its styles in <head>, its markup in #root, in zh-CN. */
export default (api: IApi) => {
  api.modifyHTML(($) => {
    $('head').append(`<style>${SHELL_CSS}</style>`);
    $('html').attr('lang', 'zh-CN');
    $('#root').html(shellMarkup(false));
    return $;
  });
};
