/** One entry per code of contract/errors.ts (src/locales/locales.test.ts checks that none is missing). */
export default {
  'errors.VALIDATION_FAILED': '填写的信息有误，请检查后重试。',
  'errors.MALFORMED_JSON': '请求无法解析，请刷新页面后重试。',
  'errors.UNSUPPORTED_MEDIA_TYPE': '不支持该文件或数据类型。',
  'errors.PHONE_INVALID': '手机号码格式不正确',
  'errors.KIND_INVALID': '请选择个人、考点或考官。',
  'errors.OTP_INVALID': '验证码错误，请检查后重试。',
  'errors.OTP_EXPIRED': '验证码已过期，请重新获取。',
  'errors.OTP_LOCKED': '验证码错误次数过多，请重新获取验证码。',
  'errors.OTP_TOO_SOON': '验证码刚刚已发送，请稍后再获取。',
  'errors.RATE_LIMITED': '请求过于频繁，请稍后再试。',
  'errors.UNAUTHORIZED': '请先登录。',
  'errors.FORBIDDEN': '您的账户无权进行此操作。',
  'errors.NOT_FOUND': '您查找的内容不存在或不属于您。',
  'errors.PAYLOAD_TOO_LARGE': '文件过大。',
  'errors.NOT_READY': '服务正在启动，请稍后再试。',
  'errors.INTERNAL': '服务器出错了，请稍后再试。',
};
