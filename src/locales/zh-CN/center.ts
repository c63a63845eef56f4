/** The test center console and the center profile. */
export default {
  // Errors only a center's calls meet travel with its pages (the request handler finds them once loaded).
  'errors.TEST_CENTERS_ONLY': '只有考点可以进行此操作。',
  'errors.TAX_ID_INVALID': '请输入有效的税号（18 位统一社会信用代码）。',
  'errors.LICENSE_INVALID': '请上传 JPG、PNG、WebP 图片或 PDF 格式的营业执照。',
  'errors.LICENSE_TOO_LARGE': '营业执照文件超过 2MB。',
  'errors.CENTER_PROFILE_INCOMPLETE': '请先完善考点资料。',
  'errors.EXAM_CODE_TAKEN': '已有考试使用此考试代码。',
  'errors.EXAM_CAPACITY_EXCEEDS_CENTER': '考试名额不能超过考点容量。',
  'errors.EXAM_CAPACITY_BELOW_TAKEN': '名额不能少于已占用的名额。',
  'errors.REGISTRATION_ENDS_AFTER_START': '报名截止时间必须早于考试开始时间。',
  'errors.EXAM_NOT_EDITABLE': '已取消、已结束或已开始的考试不能修改。',
  'errors.RESULT_NEEDS_CHECKIN': '只能为已签到的考生录入成绩。',
  'errors.RESULTS_PUBLISHED': '本场考试成绩已发布。',
  'errors.RESULT_FILE_INVALID': '请上传格式正确的文件',
  'errors.RESULT_FILE_TOO_LARGE': '文件超过 2MB。',
};
