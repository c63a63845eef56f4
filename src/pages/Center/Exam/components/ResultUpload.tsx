import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { RegionTable } from '@/components/ScrollRegion';
import UploadFailed from '@/components/UploadFailed';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { uploadResults } from '@/services/center';
import { handledHere } from '@/utils/failure';
import type { CenterExam, ResultUpload as ResultUploadAnswer } from '../../../../../contract/center';
import { checkResultFile, RESULT_FILE_EXTENSIONS } from '../resultFile';

type RejectedRow = ResultUploadAnswer['rejected'][number];

interface ResultUploadProps {
  exam: CenterExam;
  disabled: boolean;
  /** After a sheet entered results: the list and the exam's counts change. */
  onUploaded: () => void;
  /** Buttons shown beside the upload button. */
  children: ReactNode;
}

/**
 * Results from a sheet (.xlsx or .csv: phone or ID number, and pass or fail), checked for type and size first; the
 * answer says how many it entered and which rows it could not, and why.
 */
export default function ResultUpload({ exam, disabled, onUploaded, children }: ResultUploadProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.results.${id}` }, values);
  const failure = useFailure();
  const [uploading, setUploading] = useState(false);
  const [answer, setAnswer] = useState<{ fileName: string; result: ResultUploadAnswer } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File) => {
    setProblem(null);
    setAnswer(null);
    const refused = checkResultFile(file);
    if (refused) return setProblem(intl.formatMessage({ id: `errors.${refused}` }));
    setUploading(true);
    try {
      const result = await uploadResults(exam.id, file, file.name, handledHere);
      setAnswer({ fileName: file.name, result });
      onUploaded();
    } catch (error) {
      setProblem(failure.text(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <Flex gap={8} wrap>
        <Upload
          name="file"
          accept={RESULT_FILE_EXTENSIONS.join(',')}
          showUploadList={false}
          disabled={disabled || uploading}
          beforeUpload={(file) => {
            send(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={uploading} disabled={disabled}>
            {text('upload')}
          </Button>
        </Upload>
        {children}
      </Flex>
      <div aria-live="polite">
        <UploadFailed reason={problem} style={{ marginTop: 12 }} />
        {answer ? (
          <Alert
            type={answer.result.rejected.length ? 'warning' : 'success'}
            showIcon
            style={{ marginTop: 12 }}
            message={text('upload.updated', { n: answer.result.updated, file: answer.fileName })}
            description={
              answer.result.rejected.length ? (
                <>
                  <h3 id="center-results-rejected" style={{ fontSize: 14 }}>
                    {text('upload.rejected', { n: answer.result.rejected.length })}
                  </h3>
                  <RegionTable<RejectedRow>
                    labelledBy="center-results-rejected"
                    rowKey="row"
                    columns={[
                      { title: text('column.row'), dataIndex: 'row', key: 'row', width: 72 },
                      {
                        title: text('column.reason'),
                        key: 'reason',
                        render: (_, row) => text(`reason.${row.reason}`),
                      },
                    ]}
                    dataSource={answer.result.rejected}
                  />
                </>
              ) : null
            }
          />
        ) : null}
      </div>
    </>
  );
}
