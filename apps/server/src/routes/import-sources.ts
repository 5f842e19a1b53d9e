import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError, validationError } from '../http/errors.ts';
import { checkOutboundUrlField } from '../http/outbound-request.ts';
import { runSourceNow } from '../import-sources/source-jobs.ts';
import {
  createImportSourceRepository,
  type ImportSource,
  type SourceRun,
} from '../import-sources/source-repository.ts';
import { auditActorOf } from './audit-actor.ts';

const ADMINS = ['admin'] as const;

function sourceOut(source: ImportSource) {
  const { createdBy: _createdBy, ...shown } = source;
  return { ...shown, createdAt: source.createdAt.toISOString(), nextRunAt: source.nextRunAt.toISOString() };
}

function runOut(run: SourceRun) {
  return {
    ...run,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** Admins' scheduled imports (docs/decisions/033-scheduled-imports.md): added, listed, run now, deleted, their runs read. */
export async function importSourceRoutes(app: FastifyInstance) {
  const sources = createImportSourceRepository(app.database);

  async function found(id: number): Promise<ImportSource> {
    const source = await sources.find(id);
    if (!source) throw new AppError('not_found', `There is no import source ${id}`);
    return source;
  }

  defineRoute(app, 'createImportSource', async (request) => {
    const admin = auditActorOf(request, ADMINS);
    const input = request.body;
    const checked = await checkOutboundUrlField(input.url, app.appConfig.outbound.allowPrivate);
    const { rows } = await app.database.query('SELECT 1 FROM categories WHERE slug = $1', [input.category]);
    if (rows.length === 0) {
      throw validationError([
        { path: 'category', code: 'invalid', message: `There is no category "${input.category}"` },
      ]);
    }
    const fields = {
      name: input.name,
      url: checked.href,
      format: input.format,
      category: input.category,
      everyHours: input.everyHours,
      onMissing: input.onMissing,
      trusted: input.trusted,
      columns: input.columns ?? {},
      createdBy: admin.id,
    };
    const source = await app.database.transaction((tx) =>
      createImportSourceRepository(tx).create(fields, admin),
    );
    return sourceOut(source);
  });

  defineRoute(app, 'listImportSources', async (request) => {
    requireUser(request, ADMINS);
    return { items: (await sources.list()).map(sourceOut) };
  });

  defineRoute(app, 'deleteImportSource', async (request, reply) => {
    const admin = auditActorOf(request, ADMINS);
    const { id } = request.params;
    if (!(await app.database.transaction((tx) => createImportSourceRepository(tx).remove(id, admin)))) {
      throw new AppError('not_found', `There is no import source ${request.params.id}`);
    }
    return reply.code(204).send();
  });

  defineRoute(app, 'runImportSource', async (request) => {
    const admin = auditActorOf(request, ADMINS);
    const source = await found(request.params.id);
    const jobId = await runSourceNow(app.database, source.id, admin);
    // Claimed within the runner's poll (a second).
    return { jobId: Number(jobId) };
  });

  defineRoute(app, 'listImportSourceRuns', async (request) => {
    requireUser(request, ADMINS);
    const source = await found(request.params.id);
    return { items: (await sources.runs(source.id)).map(runOut) };
  });
}
