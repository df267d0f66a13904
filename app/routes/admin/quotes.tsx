import { data, useLocation } from "react-router";
import { pageHref } from "~/components/kit/keyset";
import { PageHeader } from "~/components/kit/page-header";
import { requirePermission } from "~/features/auth/require-staff.server";
import {
  LeadActionsProvider,
  type LeadActionResult,
} from "~/features/leads/components/lead-actions";
import { LeadsBoard } from "~/features/leads/components/leads-board";
import { LeadsTable } from "~/features/leads/components/leads-table";
import { LeadsToolbar } from "~/features/leads/components/leads-toolbar";
import { leadViewCookie, rememberedLeadView } from "~/features/leads/lead-view.server";
import {
  BOARD_COLUMN_TITLES,
  LeadFilterSchema,
  LeadIdSchema,
  LEADS_TEXT,
  MoveLeadSchema,
} from "~/features/leads/leads";
import {
  getBoard,
  listLeads,
  moveLead,
  setLeadDeleted,
} from "~/features/leads/leads.service.server";
import { adminMeta } from "~/features/seo/admin-meta";
import { parseForm } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import { failureStatus } from "~/lib/result";
import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Leads");

// docs/product/back-office.md#lead-management. A failure to load is the page's dismissible banner
// (the spec only logged it), never a 500 that loses the admin shell.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "leads.view");
  const url = new URL(request.url);
  const filter = LeadFilterSchema.parse(Object.fromEntries(url.searchParams));
  const remembered = rememberedLeadView(request);
  const view = filter.view ?? remembered ?? "list";
  const headers: HeadersInit =
    filter.view && filter.view !== remembered
      ? { "Set-Cookie": leadViewCookie(filter.view, context.config.isProduction) }
      : {};
  try {
    if (view === "board") {
      const board = await getBoard(context.db, filter);
      return data({ view, filter, board, list: null, problem: null }, { headers });
    }
    const list = await listLeads(context.db, filter);
    return data({ view, filter, board: null, list, problem: null }, { headers });
  } catch (error) {
    context.logger.error({ err: error }, "leads failed to load");
    return data(
      { view, filter, board: null, list: null, problem: LEADS_TEXT.refreshFailed },
      { headers },
    );
  }
}

function reply(result: LeadActionResult, status = 200) {
  return data(result, status);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "leads.manage");
  const form = await readFormData(request);
  const actor = { type: "staff" as const, id: staff.id, ip: context.clientIp };

  if (form.get("intent") === "move") {
    const parsed = parseForm(form, MoveLeadSchema);
    if (!parsed.ok) {
      const reason = parsed.fieldErrors.reason;
      return reply(
        {
          intent: "move",
          ok: false,
          message: reason ?? LEADS_TEXT.unknown,
          ...(reason ? { fieldErrors: { reason } } : {}),
        },
        400,
      );
    }
    const { id, to, reason } = parsed.value;
    try {
      const result = await moveLead(context.db, { quoteId: id, to, reason, actor });
      if (!result.ok) {
        const { message, fieldErrors } = result;
        return reply(
          { intent: "move", id, ok: false, message, ...(fieldErrors ? { fieldErrors } : {}) },
          failureStatus(result.kind),
        );
      }
      return reply({
        intent: "move",
        id,
        ok: true,
        message: LEADS_TEXT.moved(result.name, BOARD_COLUMN_TITLES[to]),
      });
    } catch (error) {
      context.logger.error({ err: error }, "lead move failed");
      return reply({ intent: "move", id, ok: false, message: LEADS_TEXT.moveFailed }, 500);
    }
  }

  const parsed = parseForm(form, LeadIdSchema);
  if (!parsed.ok) return reply({ intent: "unknown", ok: false, message: LEADS_TEXT.unknown }, 400);
  const { intent, id } = parsed.value;
  const result = await setLeadDeleted(context.db, {
    quoteId: id,
    deleted: intent === "delete",
    actor,
  });
  if (!result.ok) {
    return reply({ intent, id, ok: false, message: result.message }, failureStatus(result.kind));
  }
  const message =
    intent === "delete" ? LEADS_TEXT.deleted(result.name) : LEADS_TEXT.restored(result.name);
  return reply({ intent, id, ok: true, message });
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { view, filter, board, list, problem } = loaderData;
  const params = new URLSearchParams(useLocation().search);
  return (
    <>
      <PageHeader title="Leads" intro="Every quote and request, newest first." />
      <LeadsToolbar filter={filter} view={view} params={params} />
      <LeadActionsProvider problem={problem}>
        {board && <LeadsBoard columns={board} />}
        {list && (
          <LeadsTable
            leads={list.leads}
            params={params}
            pages={{
              previous: list.previousCursor
                ? { href: pageHref(params, "before", list.previousCursor), label: "Newer leads" }
                : undefined,
              next: list.nextCursor
                ? { href: pageHref(params, "after", list.nextCursor), label: "Older leads" }
                : undefined,
            }}
          />
        )}
      </LeadActionsProvider>
    </>
  );
}
