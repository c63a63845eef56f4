import { REFUND_REASONS, REFUND_STATES } from '../../contract/booking';
import { ERROR_CODES } from '../../contract/errors';
import { parseMessage } from '../intl/format';
import enUSApp from './en-US';
import enCenter from './en-US/center';
import enCheckout from './en-US/checkout';
import enExam from './en-US/exam';
import enExaminer from './en-US/examiner';
import enGroup from './en-US/gRegistration';
import enHome from './en-US/home';
import enLegal from './en-US/legal';
import enOps from './en-US/ops';
import enProfile from './en-US/profile';
import enRefund from './en-US/refund';
import enResult from './en-US/result';
import enStatus from './en-US/status';
import enTicket from './en-US/ticket';
import enTransaction from './en-US/transaction';
import enWallet from './en-US/wallet';
import zhCNApp from './zh-CN';
import zhCenter from './zh-CN/center';
import zhCheckout from './zh-CN/checkout';
import zhExam from './zh-CN/exam';
import zhExaminer from './zh-CN/examiner';
import zhGroup from './zh-CN/gRegistration';
import zhHome from './zh-CN/home';
import zhLegal from './zh-CN/legal';
import zhOps from './zh-CN/ops';
import zhProfile from './zh-CN/profile';
import zhRefund from './zh-CN/refund';
import zhResult from './zh-CN/result';
import zhStatus from './zh-CN/status';
import zhTicket from './zh-CN/ticket';
import zhTransaction from './zh-CN/transaction';
import zhWallet from './zh-CN/wallet';

// The legal texts and the texts of single pages load with their pages rather than with the app's messages; the
// rules hold for them all the same.
const enPages = {
  ...enLegal,
  ...enHome,
  ...enProfile,
  ...enExam,
  ...enGroup,
  ...enCheckout,
  ...enTicket,
  ...enTransaction,
  ...enResult,
  ...enStatus,
  ...enRefund,
  ...enWallet,
  ...enCenter,
  ...enExaminer,
  ...enOps,
};
const zhPages = {
  ...zhLegal,
  ...zhHome,
  ...zhProfile,
  ...zhExam,
  ...zhGroup,
  ...zhCheckout,
  ...zhTicket,
  ...zhTransaction,
  ...zhResult,
  ...zhStatus,
  ...zhRefund,
  ...zhWallet,
  ...zhCenter,
  ...zhExaminer,
  ...zhOps,
};
const enUS = { ...enUSApp, ...enPages };
const zhCN = { ...zhCNApp, ...zhPages };

describe('locale files', () => {
  it('have exactly the same keys in en-US and zh-CN', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('keep the texts of single pages apart from the messages every page loads', () => {
    const pageKeys = Object.keys(enPages);
    expect(pageKeys.length).toBeGreaterThan(0);
    expect(Object.keys(enUSApp).filter((key) => pageKeys.includes(key))).toEqual([]);
  });

  it('translate every error code of the contract in both languages, in the messages every page loads', () => {
    // The request error handler words any answer on any page, whichever page chunks have loaded.
    for (const messages of [enUSApp, zhCNApp] as Record<string, string>[]) {
      const missing = ERROR_CODES.filter((code) => !messages[`errors.${code}`]);
      expect(missing).toEqual([]);
    }
  });

  it('say every refund reason and state of the contract in words, a sentence for each reason', () => {
    for (const messages of [enUS, zhCN] as Record<string, string>[]) {
      for (const reason of REFUND_REASONS)
        expect([reason, messages[`refund.reason.${reason}`]]).toEqual([reason, expect.stringMatching(/[.。]$/)]);
      for (const state of REFUND_STATES) expect(messages[`refund.state.${state}`]).toBeTruthy();
    }
  });

  it('have no empty text', () => {
    for (const messages of [enUS, zhCN] as Record<string, string>[]) {
      expect(Object.entries(messages).filter(([, text]) => !text.trim())).toEqual([]);
    }
  });

  it('use the same placeholders in both languages', () => {
    // An argument is {name} or {name, plural/select ...}; plural branches like {No one} are text, not arguments.
    const placeholders = (text: string) => (text.match(/\{\w+(?=\s*[,}])/g) ?? []).sort();
    const zh = zhCN as Record<string, string>;
    for (const [key, text] of Object.entries(enUS as Record<string, string>)) {
      expect([key, placeholders(zh[key])]).toEqual([key, placeholders(text)]);
    }
  });

  it('are all MessageFormat that src/intl reads (a text it cannot read would show with its braces)', () => {
    for (const messages of [enUS, zhCN] as Record<string, string>[]) {
      const unreadable = Object.entries(messages).filter(([, text]) => {
        try {
          parseMessage(text);
          return false;
        } catch {
          return true;
        }
      });
      expect(unreadable).toEqual([]);
    }
  });
});
