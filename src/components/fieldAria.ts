/** What antd's Form.Item hands a custom field control so screen readers tie it to its label and its error. */
export interface FieldAria {
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}
