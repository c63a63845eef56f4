import type { CurrentUser, OpsPermission } from '../contract/auth';
import access from './access';

const account = {
  id: '01890a5d-ac96-774b-bcce-b302099a8057',
  phone: '+8613800138000',
  name: 'Li Lei',
  avatar_small: null,
};
const user = (kind: 'individual' | 'testCenter' | 'examiner'): CurrentUser => ({ ...account, kind });
const operator = (permissions: OpsPermission[]): CurrentUser => ({ ...account, kind: 'operator', permissions });

const NOTHING = {
  canStudent: false,
  canTestCenter: false,
  canExaminer: false,
  canOperator: false,
  canOpsCenters: false,
  canOpsCatalog: false,
  canOpsFinance: false,
  canOpsSupport: false,
  canOpsOperators: false,
  canOpsAudit: false,
};

describe('access (spec section 6)', () => {
  it('lets only a student (individual) register', () => {
    expect(access({ currentUser: user('individual') })).toEqual({ ...NOTHING, canStudent: true });
  });

  it('marks a test center as such and not as a student', () => {
    expect(access({ currentUser: user('testCenter') })).toEqual({ ...NOTHING, canTestCenter: true });
  });

  it('marks an examiner as such and not as a student', () => {
    expect(access({ currentUser: user('examiner') })).toEqual({ ...NOTHING, canExaminer: true });
  });

  it('opens to an operator the parts of the console its permissions name, and nothing else', () => {
    expect(access({ currentUser: operator(['centers', 'audit']) })).toEqual({
      ...NOTHING,
      canOperator: true,
      canOpsCenters: true,
      canOpsAudit: true,
    });
    expect(access({ currentUser: operator([]) })).toEqual({ ...NOTHING, canOperator: true });
  });

  it('grants nothing without a user', () => {
    expect(Object.values(access(undefined)).some(Boolean)).toBe(false);
    expect(Object.values(access({})).some(Boolean)).toBe(false);
  });
});
