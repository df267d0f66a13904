import type { Kysely } from "kysely";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import type { Logger } from "~/server/logger.server";
import type { JsonObject } from "./outbox.schema";

export type Job = {
  id: string;
  topic: string;
  payload: JsonObject;
  subjectType: string | null;
  subjectId: string | null;
  /** 1 on the first try */
  attempt: number;
};

export type JobContext = {
  db: Kysely<Database>;
  config: AppConfig;
  logger: Logger;
  /** Aborted when the try runs too long or the worker stops; a long handler should check it. */
  signal: AbortSignal;
};

/**
 * Does a scheduled job. Throwing fails the try, which is retried on the outbox's schedule, so a
 * handler must be safe to run twice (at-least-once): check the record's state before changing it.
 */
export type JobHandler = (job: Job, context: JobContext) => Promise<void>;

/** The handler of each job topic; the app's list is APP_JOB_HANDLERS in app/jobs.server.ts. */
export type JobHandlers = Record<string, JobHandler>;
