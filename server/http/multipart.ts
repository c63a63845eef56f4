import type { FastifyError, FastifyRequest } from 'fastify';
import { type ErrorCode, text } from '../../contract';
import { AppError } from '../errors';

/** What the multipart reader throws for a request it cannot take, as our error codes (file size aside). */
const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_FILES_LIMIT: () => new AppError('PAYLOAD_TOO_LARGE'),
  FST_PARTS_LIMIT: () => new AppError('PAYLOAD_TOO_LARGE'),
  FST_FIELDS_LIMIT: () => new AppError('PAYLOAD_TOO_LARGE'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('UNSUPPORTED_MEDIA_TYPE'),
  FST_PROTO_VIOLATION: () => new AppError('VALIDATION_FAILED'),
  FST_MP_PREMATURE_CLOSE: () => new AppError('VALIDATION_FAILED'),
};

export interface UploadedFile {
  bytes: Buffer;
  /** The name the browser sent (may be empty); never trusted for the type. */
  fileName: string;
}

/**
 * The bytes of the multipart field `file`, within the size limit the scope's multipart plugin was registered
 * with; a larger file answers `tooLarge`, a request without the field, or whose file name is not text the contract
 * takes (a NUL), VALIDATION_FAILED naming `file`.
 */
export async function readFileField(request: FastifyRequest, tooLarge: ErrorCode): Promise<UploadedFile> {
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') {
      throw new AppError('VALIDATION_FAILED', undefined, undefined, [{ path: 'file', message: 'A file is required' }]);
    }
    const bytes = await part.toBuffer();
    const fileName = text().safeParse(part.filename);
    if (!fileName.success) {
      const message = fileName.error.issues[0]?.message ?? 'Invalid file name';
      throw new AppError('VALIDATION_FAILED', undefined, undefined, [{ path: 'file', message }]);
    }
    return { bytes, fileName: fileName.data };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as Partial<FastifyError>).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(tooLarge);
    const mapped = code ? MULTIPART_ERRORS[code] : undefined;
    if (mapped) throw mapped();
    // busboy's own parse errors (a malformed body or boundary) carry no code; they are the client's.
    if (error instanceof Error && !code) throw new AppError('VALIDATION_FAILED');
    throw error;
  }
}
