import LoginPage from '../../User/Login';

/** /ops/login: the operators' own login, so the public one never offers an operator choice. */
export default function OpsLoginPage() {
  return <LoginPage operator />;
}
