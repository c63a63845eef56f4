import type { CurrentUser } from '../contract/auth';
import access from './access';

const user = (kind: CurrentUser['kind']): CurrentUser => ({
  id: '01890a5d-ac96-774b-bcce-b302099a8057',
  kind,
  phone: '+8613800138000',
  name: 'Li Lei',
  avatar_small: null,
});

describe('access (spec section 6)', () => {
  it('lets only a student (individual) register', () => {
    expect(access({ currentUser: user('individual') })).toEqual({
      canStudent: true,
      canTestCenter: false,
      canExaminer: false,
    });
  });

  it('marks a test center as such and not as a student', () => {
    expect(access({ currentUser: user('testCenter') })).toEqual({
      canStudent: false,
      canTestCenter: true,
      canExaminer: false,
    });
  });

  it('marks an examiner as such and not as a student', () => {
    expect(access({ currentUser: user('examiner') })).toEqual({
      canStudent: false,
      canTestCenter: false,
      canExaminer: true,
    });
  });

  it('grants nothing without a user', () => {
    expect(Object.values(access(undefined)).some(Boolean)).toBe(false);
    expect(Object.values(access({})).some(Boolean)).toBe(false);
  });
});
