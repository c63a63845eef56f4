import type { UserKind } from '../../../../../contract/auth';

/** What the login form holds: the kind of account, the phone and the one-time code sent to it. */
export interface LoginValues {
  kind: UserKind;
  phone: string;
  code: string;
}
