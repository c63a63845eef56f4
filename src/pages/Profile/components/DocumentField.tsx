import { FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Upload } from 'antd';
import { useEffect, useState } from 'react';
import type { FieldAria } from '@/components/fieldAria';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { centerFile } from '@/services/center';
import type { CallOptions } from '@/services/client';
import { handledHere } from '@/utils/failure';
import type { DocumentValue } from '../centerProfileForm';

/** contract/center.ts LICENSE_MAX_BYTES (and the logo's limit), kept here so zod stays out of the browser. */
export const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;

/** The text ids a document field speaks with. */
export interface DocumentTexts {
  upload: string;
  replace: string;
  uploading: string;
  /** The picture's alternative text, or the PDF link's text. */
  alt: string;
  invalid: string;
  tooLarge: string;
}

interface DocumentFieldProps extends FieldAria {
  /** Form.Item's id, set on the button so the field's label names it. */
  id?: string;
  value?: DocumentValue;
  onChange?: (value: DocumentValue) => void;
  /** Shows a refusal (type, size, a failed upload) as the field's error. */
  onRejected: (message: string) => void;
  /** Content types accepted, as the server decides them by content. */
  contentTypes: readonly string[];
  send: (file: File, fileName: string, options?: CallOptions) => Promise<DocumentValue>;
  texts: DocumentTexts;
  /** The document is served only with the bearer token (the license), so it is fetched before it is shown. */
  needsToken?: boolean;
}

/** Where the browser can show the document: its own URL, or one for the copy fetched with the token. */
function useShownUrl(url: string | undefined, needsToken: boolean): string | undefined {
  const [fetched, setFetched] = useState<string>();
  useEffect(() => {
    if (!url || !needsToken) return undefined;
    let objectUrl: string | undefined;
    let active = true;
    centerFile(url, {}, handledHere)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (active) setFetched(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      active = false;
      setFetched(undefined);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, needsToken]);
  return needsToken ? fetched : url;
}

/**
 * A document of the center (the business license, the logo): checked for type and size in the browser, then sent at
 * once through the request pipeline; the answer's id becomes the field's value, which the profile save names.
 */
export default function DocumentField({
  id,
  value,
  onChange,
  onRejected,
  contentTypes,
  send,
  texts,
  needsToken = false,
  // A button may not carry aria-required (axe: aria-allowed-attr); the label's mark says it is required.
  'aria-required': _required,
  ...aria
}: DocumentFieldProps) {
  const intl = useIntl();
  const failure = useFailure();
  const [uploading, setUploading] = useState(false);
  const text = (messageId: string) => intl.formatMessage({ id: messageId });
  const shownUrl = useShownUrl(value?.url, needsToken);

  const pick = async (file: File) => {
    if (!contentTypes.includes(file.type)) return onRejected(text(texts.invalid));
    if (file.size > DOCUMENT_MAX_BYTES) return onRejected(text(texts.tooLarge));
    setUploading(true);
    try {
      onChange?.(await send(file, file.name, handledHere));
    } catch (error) {
      onRejected(failure.text(error, 'pages.profile.avatar.failed'));
    } finally {
      setUploading(false);
    }
  };

  let preview: React.ReactNode = null;
  if (shownUrl && value?.contentType === 'application/pdf') {
    preview = (
      <a href={shownUrl} target="_blank" rel="noreferrer">
        <FilePdfOutlined aria-hidden /> {text(texts.alt)}
      </a>
    );
  } else if (shownUrl) {
    preview = (
      <img
        src={shownUrl}
        alt={text(texts.alt)}
        width={96}
        height={96}
        style={{ objectFit: 'contain', borderRadius: 8 }}
      />
    );
  }

  return (
    <Flex align="center" gap={16} wrap>
      {preview}
      <Upload
        name="file"
        accept={contentTypes.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          pick(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined aria-hidden="true" />} loading={uploading} {...aria}>
          {text(uploading ? texts.uploading : value ? texts.replace : texts.upload)}
        </Button>
      </Upload>
    </Flex>
  );
}
