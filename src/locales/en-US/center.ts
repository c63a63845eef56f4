/** The test center console and the center profile. */
export default {
  // Errors only a center's calls meet travel with its pages (the request handler finds them once loaded).
  'errors.TEST_CENTERS_ONLY': 'Only a test center can do this.',
  'errors.TAX_ID_INVALID': 'Please enter a valid Tax ID (18-character unified social credit code).',
  'errors.LICENSE_INVALID': 'Upload the business license as a JPG, PNG or WebP image or a PDF.',
  'errors.LICENSE_TOO_LARGE': 'The business license file is larger than 2 MB.',
  'errors.CENTER_PROFILE_INCOMPLETE': 'Please complete the test center profile first.',
  'errors.EXAM_CODE_TAKEN': 'Another exam already has this exam code.',
  'errors.EXAM_CAPACITY_EXCEEDS_CENTER': "An exam cannot seat more candidates than the center's capacity.",
  'errors.EXAM_CAPACITY_BELOW_TAKEN': 'The capacity cannot be less than the seats already taken.',
  'errors.REGISTRATION_ENDS_AFTER_START': 'Registration must end before the exam starts.',
  'errors.EXAM_NOT_EDITABLE': 'A canceled, completed or started exam cannot be changed.',
  'errors.RESULT_NEEDS_CHECKIN': 'Results are entered only for checked-in candidates.',
  'errors.RESULTS_PUBLISHED': 'The results of this exam are already published.',
  'errors.RESULT_FILE_INVALID': 'Please upload file in proper format',
  'errors.RESULT_FILE_TOO_LARGE': 'The file is larger than 2 MB.',
};
