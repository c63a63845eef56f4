/** The operators' console (/ops): its login, centers queue, catalog, operators and audit log. */
export default {
  // Errors only an operator's calls meet travel with its pages (the request handler finds them once loaded).
  'errors.OPERATORS_ONLY': 'Only an operator can do this.',
  'errors.PERMISSION_DENIED': 'Your operator account does not have the permission for this.',
  'errors.OPERATOR_EXISTS': 'This phone is already an operator.',
  'errors.OPERATOR_SELF_REMOVAL': 'You cannot remove yourself.',
  'errors.CATEGORY_CODE_TAKEN': 'Another category has this code.',
  'errors.PROMO_CODE_TAKEN': 'Another promotion or invitation has this code.',
  'errors.PROMOTION_WINDOW_INVALID': 'The validity must end after it starts.',
};
