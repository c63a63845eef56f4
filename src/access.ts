import type { CurrentUser, OpsPermission } from '../contract/auth';

/**
 * Route and button permissions (spec section 6): by user kind (only students register for exams), and an operator's
 * by the permissions it holds (the server checks the same on every /api/ops call).
 */
export default function access(initialState: { currentUser?: CurrentUser } | undefined) {
  const user = initialState?.currentUser;
  const kind = user?.kind;
  const may = (permission: OpsPermission) => user?.kind === 'operator' && user.permissions.includes(permission);
  return {
    canStudent: kind === 'individual',
    canTestCenter: kind === 'testCenter',
    canExaminer: kind === 'examiner',
    canOperator: kind === 'operator',
    canOpsCenters: may('centers'),
    canOpsCatalog: may('catalog'),
    canOpsFinance: may('finance'),
    canOpsSupport: may('support'),
    canOpsOperators: may('operators'),
    canOpsAudit: may('audit'),
  };
}
