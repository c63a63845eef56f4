/**
 * The part of ICU MessageFormat the catalogue (src/locales) uses, parsed and formatted without a parser library:
 * text, `{name}`, `{name, plural, =0 {…} one {…} other {…}}` with `#` for the number, and `<tag>…</tag>` for rich
 * text, with ICU's apostrophe quoting ('' is one apostrophe; '{…}' is literal text). Plain texts, values and a
 * plural's small whole numbers are formatted without Intl: the first Intl call of a page sets up ICU, some 50 ms on a
 * desktop and 200 ms on a phone, which the login page never needs.
 */

type Node =
  | string
  | { kind: 'argument'; name: string }
  | { kind: 'number' }
  | { kind: 'plural'; name: string; offset: number; options: Record<string, Node[]> }
  | { kind: 'tag'; name: string; children: Node[] };

/** A message that is not valid MessageFormat (a test keeps the catalogue free of them). */
export class MessageSyntaxError extends Error {}

const SPECIAL_IN_TEXT = new Set(['{', '}', '<']);

class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  parse(): Node[] {
    const nodes = this.nodes(false, undefined);
    if (this.at < this.source.length) this.fail(`unexpected "${this.source[this.at]}"`);
    return nodes;
  }

  /** Nodes up to the end, a closing `}` (inside a plural option) or the closing tag of `tag`. */
  private nodes(inPlural: boolean, tag: string | undefined): Node[] {
    const nodes: Node[] = [];
    let text = '';
    const flush = () => {
      if (text) nodes.push(text);
      text = '';
    };
    while (this.at < this.source.length) {
      const char = this.source[this.at] as string;
      if (char === '}') break;
      if (char === '<' && this.source.startsWith('</', this.at)) break;
      if (char === "'") {
        text += this.quoted(inPlural);
      } else if (char === '{') {
        flush();
        nodes.push(this.argument());
      } else if (char === '<' && /^<[A-Za-z][\w-]*>/.test(this.source.slice(this.at))) {
        flush();
        nodes.push(this.tag());
      } else if (char === '#' && inPlural) {
        flush();
        nodes.push({ kind: 'number' });
        this.at += 1;
      } else {
        text += char;
        this.at += 1;
      }
    }
    flush();
    if (tag !== undefined && !this.source.startsWith(`</${tag}>`, this.at)) this.fail(`<${tag}> is not closed`);
    return nodes;
  }

  /** ICU's apostrophe: '' is one; before a special character it quotes up to the next lone apostrophe. */
  private quoted(inPlural: boolean): string {
    const next = this.source[this.at + 1];
    if (next === "'") {
      this.at += 2;
      return "'";
    }
    if (next === undefined || !(SPECIAL_IN_TEXT.has(next) || (inPlural && next === '#'))) {
      this.at += 1;
      return "'";
    }
    let text = '';
    this.at += 1;
    while (this.at < this.source.length) {
      if (this.source.startsWith("''", this.at)) {
        text += "'";
        this.at += 2;
      } else if (this.source[this.at] === "'") {
        this.at += 1;
        return text;
      } else {
        text += this.source[this.at];
        this.at += 1;
      }
    }
    return text;
  }

  private argument(): Node {
    this.at += 1;
    const name = this.word();
    this.space();
    if (this.eat('}')) return { kind: 'argument', name };
    this.expect(',');
    this.space();
    const type = this.word();
    if (type !== 'plural') this.fail(`argument type "${type}" is not supported`);
    this.space();
    this.expect(',');
    this.space();
    let offset = 0;
    const offsetMatch = /^offset:(\d+)/.exec(this.source.slice(this.at));
    if (offsetMatch) {
      offset = Number(offsetMatch[1]);
      this.at += offsetMatch[0].length;
      this.space();
    }
    const options: Record<string, Node[]> = {};
    while (!this.eat('}')) {
      const selector = this.selector();
      this.space();
      this.expect('{');
      options[selector] = this.nodes(true, undefined);
      this.expect('}');
      this.space();
    }
    if (!options.other) this.fail(`the plural of "${name}" has no "other"`);
    return { kind: 'plural', name, offset, options };
  }

  private tag(): Node {
    const open = /^<([A-Za-z][\w-]*)>/.exec(this.source.slice(this.at)) as RegExpExecArray;
    const name = open[1] as string;
    this.at += open[0].length;
    const children = this.nodes(false, name);
    this.at += name.length + 3;
    return { kind: 'tag', name, children };
  }

  private word(): string {
    const match = /^[A-Za-z_][\w]*/.exec(this.source.slice(this.at));
    if (!match) this.fail('a name is expected');
    this.at += (match as RegExpExecArray)[0].length;
    return (match as RegExpExecArray)[0];
  }

  private selector(): string {
    const match = /^(=\d+|[a-z]+)/.exec(this.source.slice(this.at));
    if (!match) this.fail('a plural selector is expected');
    this.at += (match as RegExpExecArray)[0].length;
    return (match as RegExpExecArray)[0];
  }

  private space() {
    while (/\s/.test(this.source[this.at] ?? '')) this.at += 1;
  }

  private eat(char: string): boolean {
    if (this.source[this.at] !== char) return false;
    this.at += 1;
    return true;
  }

  private expect(char: string) {
    if (!this.eat(char)) this.fail(`"${char}" is expected`);
  }

  private fail(reason: string): never {
    throw new MessageSyntaxError(`${reason} at ${this.at} in: ${this.source}`);
  }
}

export function parseMessage(source: string): Node[] {
  return new Parser(source).parse();
}

/** What a value of a message may be: text and numbers, or (rich text) anything the caller's renderer takes. */
export type MessageValues = Record<string, unknown>;

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** A plural's number as the locale writes it; whole numbers under 1,000 are alike in both languages, without ICU. */
function formatNumber(value: number, locale: string): string {
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

function pluralCategory(value: number, locale: string): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(value);
}

/**
 * The message's parts with `values` in place: strings, and the values (or what a tag's function made of its
 * children) that are not text. Adjacent strings are joined, so a plain message is one string.
 */
export function formatParts(nodes: Node[], values: MessageValues, locale: string, pound?: number): unknown[] {
  const parts: unknown[] = [];
  const push = (part: unknown) => {
    const last = parts.length - 1;
    if (typeof part === 'string' && typeof parts[last] === 'string') parts[last] += part;
    else parts.push(part);
  };
  for (const node of nodes) {
    if (typeof node === 'string') {
      push(node);
    } else if (node.kind === 'number') {
      push(formatNumber(pound ?? 0, locale));
    } else if (node.kind === 'argument') {
      // A plain argument is written as given (1500 ms stays 1500 ms), as react-intl 3 did; only # is a number format.
      const value = values[node.name];
      if (value === undefined || value === null) push(`{${node.name}}`);
      else push(typeof value === 'object' || typeof value === 'function' ? value : String(value));
    } else if (node.kind === 'plural') {
      const count = Number(values[node.name]) - node.offset;
      const options = node.options[`=${count + node.offset}`] ?? node.options[pluralCategory(count, locale)];
      for (const part of formatParts(options ?? node.options.other ?? [], values, locale, count)) push(part);
    } else {
      const children = formatParts(node.children, values, locale, pound);
      const render = values[node.name];
      if (typeof render === 'function') push(render(children));
      else for (const part of children) push(part);
    }
  }
  return parts;
}
