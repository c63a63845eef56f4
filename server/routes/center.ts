import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { api, type ErrorCode, LICENSE_MAX_BYTES } from '../../contract';
import {
  type CenterDeps,
  getCenterProfile,
  logoDocument,
  ownDocument,
  saveCenterProfile,
  uploadDocument,
} from '../domain/center';
import {
  assignExaminer,
  createExam,
  getCenterExam,
  listCenterExams,
  listExaminers,
  setExaminerRoom,
  unassignExaminer,
  updateExam,
} from '../domain/centerExams';
import { doorListPdfFile, seatChart } from '../domain/doorLists';
import { cancelExam } from '../domain/examCancel';
import { getRoster, rejectRosterPhoto, rosterXlsx } from '../domain/roster';
import {
  allocateSeats,
  createRoom,
  deleteRoom,
  getSeating,
  listRooms,
  moveSeat,
  type SeatingDeps,
  saveSeating,
  updateRoom,
} from '../domain/seating';
import { AppError } from '../errors';
import { readFileField } from '../http/multipart';
import { endpointRegistrar, PUBLIC_IMMUTABLE, storedFileId } from '../http/route';
import { bookingDeps } from '../plugins/domainDeps';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Contract refines that name their own error code: when one is the only problem, the answer carries that code. */
const REFINE_CODES: ReadonlySet<ErrorCode> = new Set([
  'TAX_ID_INVALID',
  'REGISTRATION_ENDS_AFTER_START',
  'REGISTRATION_OPENS_AFTER_END',
]);

function refineCode(error: unknown): AppError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const [first] = error.validation;
  const code = first?.message as ErrorCode | undefined;
  if (!code || !REFINE_CODES.has(code) || !error.validation.every((issue) => issue.message === code)) return undefined;
  return new AppError(
    code,
    undefined,
    undefined,
    error.validation.map((issue) => ({ path: issue.instancePath.replace(/^\//, ''), message: code })),
  );
}

function centerDeps(app: FastifyInstance): CenterDeps & SeatingDeps {
  return bookingDeps(app);
}

/**
 * The test center console: profile and its documents, exams at the center, cancelling, rosters (and their .xlsx),
 * examiners. Its own scope: multipart parsing exists only here. Every endpoint's contract entry admits test centers
 * only (refused before the body is read: 401 without a session, 403 TEST_CENTERS_ONLY for other kinds).
 */
export async function centerRoutes(app: FastifyInstance): Promise<void> {
  const deps = centerDeps(app);

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: LICENSE_MAX_BYTES, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 20 },
    });
    scope.setErrorHandler((error) => {
      // Re-thrown errors reach the app's handler, which writes the envelope.
      throw refineCode(error) ?? error;
    });
    const route = endpointRegistrar(scope);

    route(api.centerProfile, ({ user }) => getCenterProfile(deps, user));
    route(api.saveCenterProfile, ({ user, body }) => saveCenterProfile(deps, user, body));
    route(api.uploadLicense, async ({ user, request }) =>
      uploadDocument(deps, user, 'license', (await readFileField(request, 'LICENSE_TOO_LARGE')).bytes),
    );
    route(api.uploadLogo, async ({ user, request }) =>
      uploadDocument(deps, user, 'logo', (await readFileField(request, 'IMAGE_TOO_LARGE')).bytes),
    );

    route(api.centerExams, ({ user, query }) => listCenterExams(deps, user, query));
    route(api.createExam, ({ user, body }) => createExam(deps, user, body));
    route(api.centerExam, ({ user, params }) => getCenterExam(deps, user, params.id));
    route(api.updateExam, ({ user, params, body }) => updateExam(deps, user, params.id, body));
    route(api.cancelExam, ({ user, params }) => cancelExam(deps, user, params.id));
    route(api.roster, ({ user, params, query }) => getRoster(deps, user, params.id, query));
    route(api.rooms, ({ user }) => listRooms(deps, user));
    route(api.createRoom, ({ user, body }) => createRoom(deps, user, body));
    route(api.updateRoom, ({ user, params, body }) => updateRoom(deps, user, params.id, body));
    route(api.deleteRoom, ({ user, params }) => deleteRoom(deps, user, params.id));
    route(api.examSeating, ({ user, params }) => getSeating(deps, user, params.id));
    route(api.saveExamSeating, ({ user, params, body }) => saveSeating(deps, user, params.id, body));
    route(api.allocateSeats, ({ user, params }) => allocateSeats(deps, user, params.id));
    route(api.seatChart, ({ user, params }) => seatChart(deps, user, params.id));
    route(api.doorListPdf, ({ user, params, query }) =>
      doorListPdfFile(deps, user, params.id, query.roomId, query.lang),
    );
    route(api.rejectRosterPhoto, ({ user, params, body }) =>
      rejectRosterPhoto(deps, user, params.id, params.registrationId, body.reason),
    );
    route(api.moveSeat, ({ user, params, body }) => moveSeat(deps, user, params.id, params.registrationId, body));
    route(api.examExaminers, ({ user, params }) => listExaminers(deps, user, params.id));
    route(api.assignExaminer, ({ user, params, body }) => assignExaminer(deps, user, params.id, body.phone));
    route(api.setExaminerRoom, ({ user, params, body }) =>
      setExaminerRoom(deps, user, params.id, params.userId, body.roomId),
    );
    route(api.unassignExaminer, ({ user, params }) => unassignExaminer(deps, user, params.id, params.userId));

    // A file download: the console fetches it with its bearer token and saves the blob.
    route(api.rosterExport, async ({ user, params, query }) => {
      const file = await rosterXlsx(deps, user, params.id, query);
      return { ...file, contentType: XLSX_TYPE };
    });
    // The business license, for its owner only (fetched with the bearer token, like the roster file).
    route(api.centerDocument, ({ user, params }) => ownDocument(deps, user, storedFileId(params.id)));
    // Logos are public, like avatars: a logo never changes under its id.
    route(api.centerLogo, async ({ params }) => ({
      ...(await logoDocument(deps, storedFileId(params.id))),
      cacheControl: PUBLIC_IMMUTABLE,
    }));
  });
}
