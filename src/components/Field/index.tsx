import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** A field's name above its control, as antd's vertical form item sets it; a radio group's legend takes it too. */
export const LABEL_STYLE: CSSProperties = { display: 'block', padding: '0 0 8px', fontSize: 14, lineHeight: '22px' };

/** The error text's id of the control `id`, for its aria-describedby. */
export const errorIdOf = (id: string) => `${id}_error`;

interface FieldProps {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  /** What is wrong with the value, said under the control and read out as it appears. */
  error?: string;
  children: ReactNode;
}

/**
 * A labelled control and its error, spaced as antd's vertical form item (label, control, 24 px below or the error in
 * its place), so the login card matches its shell (config/shell.ts). The login page and the exam list's filters draw
 * their fields with these rather than antd's Form, whose field store, motion and label tooltips were 29 KB gzipped of
 * the login page's first load.
 */
export default function Field({ id, label, error, children }: FieldProps) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 0 : 24 }}>
      <label htmlFor={id} style={LABEL_STYLE}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={errorIdOf(id)} role="alert" style={{ color: token.colorError, minHeight: 24 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
