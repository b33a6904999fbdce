import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  balancesAnswerSchema,
  rankedQuerySchema,
  reportColumns,
  revenueAnswerSchema,
  revenueQuerySchema,
  searchesWithoutResultsAnswerSchema,
  topDownloadsAnswerSchema,
  usageAnswerSchema,
  usageByPeriodAnswerSchema,
  usageByPeriodQuerySchema,
  usageQuerySchema,
  type ReportAnswer,
  type ReportName,
} from '../../../common/desk-reports.ts';
import { staffOnly } from '../desk/routes.ts';
import { csvDocument } from '../downloads/stats-report.ts';
import { revenueReport, searchesWithoutResultsReport, topDownloadsReport } from './report-rankings.ts';
import { balancesReport, usageByPeriodReport, usageReport, type ReportsContext } from './reports.ts';

const tags = ['desk', 'reports'];
const BASE = '/api/desk/reports';
const csvAnswer = z.unknown().describe('The report as a CSV file (text/csv, UTF-8 with a byte-order mark)');

/** A report's table as a CSV file: a header row of its columns, then its rows (spreadsheet-safe: stats-report.ts's csvField). */
function sendCsv(reply: FastifyReply, name: ReportName, report: ReportAnswer<object>) {
  const columns = reportColumns(name);
  // A report's cells are texts, numbers or null (the contracts say so); null is an empty cell.
  const rows = report.rows.map((row) => columns.map((column) => (row as Record<string, string | number | null>)[column] ?? ''));
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${report.from}-${report.to}.csv"`);
  // Bytes, so no serializer touches the file.
  return reply.send(Buffer.from(csvDocument([columns, ...rows]), 'utf8'));
}

/** The business desk's reports (issue 29): the sales role (and admins); each at its path as JSON and with `.csv` as a file. */
export async function reportRoutes(instance: FastifyInstance, { ctx }: { ctx: ReportsContext }) {
  // The zod compilers are the app's; the helper's generic types are checked at each call below.
  const app = instance;

  function report<Q extends z.ZodType, A extends z.ZodType>(
    name: ReportName,
    querystring: Q,
    response: A,
    run: (ctx: ReportsContext, query: z.infer<Q>) => Promise<ReportAnswer<object>>,
  ) {
    const json: FastifySchema = { tags, querystring, response: { 200: response } };
    app.get(`${BASE}/${name}`, { preValidation: staffOnly('sales'), schema: json }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return run(ctx, request.query as z.infer<Q>);
    });
    const csv: FastifySchema = { tags, querystring, response: { 200: csvAnswer } };
    app.get(`${BASE}/${name}.csv`, { preValidation: staffOnly('sales'), schema: csv }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sendCsv(reply, name, await run(ctx, request.query as z.infer<Q>));
    });
  }

  report('usage', usageQuerySchema, usageAnswerSchema, usageReport);
  report('usage_by_period', usageByPeriodQuerySchema, usageByPeriodAnswerSchema, usageByPeriodReport);
  report('balances', usageQuerySchema, balancesAnswerSchema, balancesReport);
  report('revenue', revenueQuerySchema, revenueAnswerSchema, revenueReport);
  report('top_downloads', rankedQuerySchema, topDownloadsAnswerSchema, topDownloadsReport);
  report('searches_without_results', rankedQuerySchema, searchesWithoutResultsAnswerSchema, searchesWithoutResultsReport);
}
