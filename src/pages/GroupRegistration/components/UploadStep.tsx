import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Alert, Button, Flex, Spin, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import UploadFailed from '@/components/UploadFailed';
import { useIntl } from '@/intl';
import { groupTemplateUrl, uploadGroupFile } from '@/services/group';
import { handledHere } from '@/utils/failure';
import type { GroupView } from '../../../../contract/group';
import { checkGroupFile, GROUP_FILE_EXTENSIONS, uploadFailureText } from '../groupFile';
import { StepHeading } from './GroupSteps';
import UploadResult from './UploadResult';

interface Props {
  group: GroupView;
  /** Said above the file, e.g. that the members changed since it was read. */
  notice: string | null;
  onGroup: (group: GroupView) => void;
  onBack: () => void;
  onNext: () => void;
}

/**
 * Step "Upload Form": the templates, the member file (checked for type and size before it is sent), what the server
 * accepted and refused. Upload again replaces the result; Skip leaves to register individually.
 */
export default function UploadStep({ group, notice, onGroup, onBack, onNext }: Props) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.gRegistration.${id}` }, values);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { upload, canUpload } = group;

  const send = async (file: File) => {
    setFailure(null);
    const refused = checkGroupFile(file);
    if (refused) {
      setFailure(intl.formatMessage({ id: `errors.${refused}` }));
      return;
    }
    setUploading(true);
    try {
      onGroup(await uploadGroupFile(group.id, file, file.name, handledHere));
    } catch (error) {
      setFailure(uploadFailureText(intl, error));
    } finally {
      setUploading(false);
    }
  };

  // The page sends the file itself (the request pipeline: token, envelope, errors); antd only picks it.
  const picker: UploadProps = {
    name: 'file',
    accept: GROUP_FILE_EXTENSIONS.join(','),
    multiple: false,
    showUploadList: false,
    disabled: uploading || !canUpload,
    beforeUpload: (file) => {
      send(file);
      return Upload.LIST_IGNORE;
    },
  };

  const skip = () =>
    history.push(`/home/singleRegistration?${new URLSearchParams({ examId: group.exam.id }).toString()}`);

  return (
    <section aria-labelledby="group-step-upload">
      <StepHeading step="upload" />
      <Flex gap={16} wrap align="baseline" style={{ marginBottom: 16 }}>
        <span>{text('upload.templates')}</span>
        <a href={groupTemplateUrl('xlsx')} download>
          {text('upload.template.xlsx')}
        </a>
        <a href={groupTemplateUrl('csv')} download>
          {text('upload.template.csv')}
        </a>
      </Flex>
      {notice ? <Alert type="warning" showIcon message={notice} style={{ marginBottom: 16 }} /> : null}
      {upload ? null : (
        <Upload.Dragger {...picker} hasControlInside={false}>
          {uploading ? (
            <Spin tip={text('upload.reading')}>
              <div style={{ height: 96 }} />
            </Spin>
          ) : (
            <>
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">{text('upload.drop')}</p>
              <p className="ant-upload-hint">{text('upload.hint')}</p>
            </>
          )}
        </Upload.Dragger>
      )}
      <div aria-live="polite">
        <UploadFailed reason={failure} style={{ margin: '16px 0' }} />
      </div>
      {upload ? <UploadResult upload={upload} /> : null}
      <Flex gap={8} wrap style={{ marginTop: 24 }}>
        <Button onClick={onBack} disabled={uploading}>
          {text('back')}
        </Button>
        <Button onClick={skip}>{text('upload.skip')}</Button>
        {upload ? (
          <Upload {...picker}>
            <Button icon={<UploadOutlined aria-hidden />} loading={uploading} disabled={!canUpload}>
              {text('upload.again')}
            </Button>
          </Upload>
        ) : null}
        <Button type="primary" onClick={onNext} disabled={uploading || !upload?.accepted.length}>
          {text('next')}
        </Button>
      </Flex>
    </section>
  );
}
