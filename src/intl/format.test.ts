import { formatParts, MessageSyntaxError, parseMessage } from './format';

const format = (source: string, values: Record<string, unknown> = {}, locale = 'en-US') =>
  formatParts(parseMessage(source), values, locale);

describe('the catalogue’s MessageFormat', () => {
  it('puts values in place as given', () => {
    expect(format('Hello, {name}.', { name: 'Li Hua' })).toEqual(['Hello, Li Hua.']);
    expect(format('{seconds} s of {limit} s', { seconds: 3, limit: 15 })).toEqual(['3 s of 15 s']);
    expect(format('timeout of {ms}ms exceeded', { ms: 1500 })).toEqual(['timeout of 1500ms exceeded']);
    expect(format('Seat {seat}', { seat: 'A-12' })).toEqual(['Seat A-12']);
  });

  it('picks the plural branch of the number, with # as the number the language writes', () => {
    const seats = '{count, plural, =0 {No seat left} one {# seat left} other {# seats left}}';
    expect(format(seats, { count: 0 })).toEqual(['No seat left']);
    expect(format(seats, { count: 1 })).toEqual(['1 seat left']);
    expect(format(seats, { count: 1200 })).toEqual(['1,200 seats left']);
    expect(format('剩余 {count, plural, other {# 个座位}}', { count: 1 }, 'zh-CN')).toEqual(['剩余 1 个座位']);
    expect(
      format('{paid, plural, one {# paid} other {# paid}}, {pending, plural, one {# unpaid} other {# unpaid}}.', {
        paid: 2,
        pending: 1,
      }),
    ).toEqual(['2 paid, 1 unpaid.']);
  });

  it('keeps apostrophes as written, and quotes braces the ICU way', () => {
    expect(format("You're booked; the candidate's ticket is ready.")).toEqual([
      "You're booked; the candidate's ticket is ready.",
    ]);
    expect(format("Type '{name}' as written, or '' once")).toEqual(["Type {name} as written, or ' once"]);
  });

  it('hands a tag’s text to the function of its name (rich text), and keeps the rest as text', () => {
    const link = (children: unknown[]) => ({ link: children.join('') });
    expect(
      format('I agree to the <terms>Terms</terms> and <privacy>Privacy</privacy>.', { terms: link, privacy: link }),
    ).toEqual(['I agree to the ', { link: 'Terms' }, ' and ', { link: 'Privacy' }, '.']);
    expect(format('Read the <terms>Terms</terms>.')).toEqual(['Read the Terms.']);
  });

  it('shows a missing value by its name rather than inventing one', () => {
    expect(format('Seat {seat}')).toEqual(['Seat {seat}']);
  });

  it('refuses what is not MessageFormat', () => {
    for (const broken of ['Unclosed {name', '{n, plural, one {#}}', '{n, select, a {x} other {y}}', '<b>open']) {
      expect(() => parseMessage(broken)).toThrow(MessageSyntaxError);
    }
  });
});
