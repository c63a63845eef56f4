/** 运营后台（/ops）：登录、考点审核、目录、运营人员与审计日志。 */
export default {
  'errors.OPERATORS_ONLY': '只有运营人员可以进行此操作。',
  'errors.PERMISSION_DENIED': '您的运营账号没有此项权限。',
  'errors.OPERATOR_EXISTS': '该手机号已是运营人员。',
  'errors.OPERATOR_SELF_REMOVAL': '不能移除自己。',
  'errors.CATEGORY_CODE_TAKEN': '已有其他类别使用此代码。',
  'errors.PROMO_CODE_TAKEN': '已有其他优惠码或邀请码使用此代码。',
  'errors.PROMOTION_WINDOW_INVALID': '有效期的结束时间必须晚于开始时间。',
};
