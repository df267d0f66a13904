import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { GripVertical } from "lucide-react";
import { useState } from "react";
import { useFetchers, useSubmit } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
import type { LeadStatus } from "~/server/database";
import {
  BOARD_COLUMN_TITLES,
  BOARD_TOTAL_DESCRIPTION,
  LEAD_STATUSES,
  type BoardColumn,
  type LeadSummary,
} from "../leads";
import { BoardColumnSwitcher } from "./board-column-switcher";
import { LeadCard, moveTriggerId } from "./lead-card";
import { LostReasonDialog, type LostRequest } from "./lost-reason-dialog";
import { FailedMoveReport, MOVE_FETCHER_PREFIX } from "./failed-move-report";
import { formatMoney } from "~/lib/format";

// docs/product/back-office.md#lead-management: five columns, cards dragged between them, keyboard
// dragging in steps of 25 pixels. docs/decisions/0022-row-actions-and-instant-drag.md: a dropped
// card shows in its new column at once (the move's pending form data places it) and goes back,
// with a message, if the save fails (the loader's data never moved it).
// docs/decisions/0057-paid-work-to-lost-needs-a-reason.md: paid or completed work asks for a
// reason before it goes to Lost, whichever way it was moved.

/** What moves a card: the lead, its new column, and where focus returns if a dialog asks first. */
type MoveCard = (lead: LeadSummary, to: LeadStatus, returnFocusTo?: string) => void;

const KEYBOARD_STEP_PX = 25;

const stepBy25: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case "ArrowRight":
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_STEP_PX };
    case "ArrowLeft":
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_STEP_PX };
    case "ArrowDown":
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
    case "ArrowUp":
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
  }
  return undefined;
};

const isColumn = (id: unknown): id is LeadStatus =>
  typeof id === "string" && (LEAD_STATUSES as readonly string[]).includes(id);

/** The board with every pending move applied: cards in their new column, counts and sums moved. */
function withPendingMoves(columns: BoardColumn[], pending: Map<string, LeadStatus>) {
  if (pending.size === 0) return columns;
  const moving = columns
    .flatMap((column) => column.cards)
    .filter((card) => pending.has(card.id) && pending.get(card.id) !== card.leadStatus);
  return columns.map((column) => {
    const leaving = moving.filter((card) => card.leadStatus === column.leadStatus);
    const arriving = moving.filter((card) => pending.get(card.id) === column.leadStatus);
    if (leaving.length === 0 && arriving.length === 0) return column;
    // Only live cards carry their total (less a part refund) from one column's sum to another's.
    const cents = (cards: LeadSummary[]) => cards.reduce((sum, card) => sum + card.columnCents, 0);
    const totalCents = column.totalCents - cents(leaving) + cents(arriving);
    return {
      ...column,
      count: column.count - leaving.length + arriving.length,
      totalCents,
      total: formatMoney(totalCents),
      cards: [...arriving, ...column.cards.filter((card) => !leaving.includes(card))],
    };
  });
}

export function LeadsBoard({ columns }: { columns: BoardColumn[] }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [current, setCurrent] = useState<LeadStatus>(LEAD_STATUSES[0]);
  const pending = new Map<string, LeadStatus>();
  for (const fetcher of useFetchers()) {
    const to = fetcher.formData?.get("to");
    if (fetcher.key.startsWith(MOVE_FETCHER_PREFIX) && isColumn(to)) {
      pending.set(fetcher.key.slice(MOVE_FETCHER_PREFIX.length), to);
    }
  }
  const shown = withPendingMoves(columns, pending);
  const [lostRequest, setLostRequest] = useState<LostRequest | null>(null);
  const [moved, setMoved] = useState<{ id: string; name: string }[]>([]);
  const save = (lead: LeadSummary, to: LeadStatus, reason?: string) => {
    setMoved((list) =>
      list.some((one) => one.id === lead.id) ? list : [...list, { id: lead.id, name: lead.name }],
    );
    void submit(
      { intent: "move", id: lead.id, to, ...(reason ? { reason } : {}) },
      {
        method: "post",
        action: "/admin/quotes",
        navigate: false,
        fetcherKey: `${MOVE_FETCHER_PREFIX}${lead.id}`,
      },
    );
  };
  const move: MoveCard = (lead, to, returnFocusTo) => {
    if ((pending.get(lead.id) ?? lead.leadStatus) === to) return;
    if (to === "lost" && lead.paidOrCompleted) {
      setLostRequest({ lead, returnFocusTo });
      return;
    }
    save(lead, to);
  };
  const lostDialog = (
    <LostReasonDialog
      request={lostRequest}
      onCancel={() => setLostRequest(null)}
      onConfirm={(lead, reason) => {
        setLostRequest(null);
        save(lead, "lost", reason);
      }}
    />
  );
  // dnd-kit's ids and live region are made in the browser: before hydration the board is static
  // (Move to… works once JavaScript runs either way).
  return (
    <>
      <BoardColumnSwitcher columns={shown} current={current} onChange={setCurrent} />
      {hydrated ? (
        <DraggableBoard columns={shown} onMove={move} current={current} />
      ) : (
        <Columns columns={shown} onMove={move} current={current} />
      )}
      {lostDialog}
      {moved.map((lead) => (
        <FailedMoveReport key={lead.id} leadId={lead.id} name={lead.name} />
      ))}
    </>
  );
}

function DraggableBoard({
  columns,
  onMove,
  current,
}: {
  columns: BoardColumn[];
  onMove: MoveCard;
  current: LeadStatus;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepBy25 }),
  );
  const [dragging, setDragging] = useState<LeadSummary | null>(null);
  const cards = columns.flatMap((column) => column.cards);
  const nameOf = (id: unknown) => cards.find((card) => card.id === id)?.name ?? "The lead";
  const titleOf = (id: unknown) => (isColumn(id) ? BOARD_COLUMN_TITLES[id] : null);
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Arrow keys move it, Space drops it, Escape cancels.`,
    onDragOver: ({ active, over }) =>
      titleOf(over?.id)
        ? `${nameOf(active.id)} is over ${titleOf(over?.id)}.`
        : `${nameOf(active.id)} is over no column.`,
    onDragEnd: ({ active, over }) =>
      titleOf(over?.id)
        ? `${nameOf(active.id)} was moved to ${titleOf(over?.id)}.`
        : `${nameOf(active.id)} was put back.`,
    onDragCancel: ({ active }) =>
      `Moving ${nameOf(active.id)} was cancelled. It is back where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const lead = cards.find((card) => card.id === active.id);
    if (lead && isColumn(over?.id)) onMove(lead, over.id, dragHandleId(lead.id));
  };
  return (
    <DndContext
      sensors={sensors}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move a lead, press Space or Enter on its handle, use the arrow keys to move it to another column, then press Space or Enter to drop it, or Escape to cancel. The Move to… menu does the same.",
        },
      }}
      onDragStart={({ active }) => setDragging(cards.find((card) => card.id === active.id) ?? null)}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      <Columns columns={columns} onMove={onMove} current={current} draggable />
      {/* The overlay takes the dragged card's size (the card is the draggable node, the handle
          only activates it), so the name reads as it does on the card. */}
      <DragOverlay>
        {dragging && (
          <div
            data-testid="drag-overlay"
            className="h-full rounded-md border border-gold-deep bg-white p-3 text-sm font-semibold break-words shadow-lg dark:bg-ink"
          >
            {dragging.name}
            <span className="block font-normal">{dragging.total ?? "Total to quote"}</span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

function Columns({
  columns,
  onMove,
  current,
  draggable = false,
}: {
  columns: BoardColumn[];
  onMove: MoveCard;
  /** The one column shown under 768 px. */
  current: LeadStatus;
  draggable?: boolean;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-5">
      {columns.map((column) =>
        draggable ? (
          <DroppableColumn
            key={column.leadStatus}
            column={column}
            onMove={onMove}
            phoneHidden={column.leadStatus !== current}
          />
        ) : (
          <ColumnFrame
            key={column.leadStatus}
            column={column}
            phoneHidden={column.leadStatus !== current}
          >
            {column.cards.map((lead) => (
              <li key={lead.id}>
                <LeadCard
                  lead={lead}
                  column={column.leadStatus}
                  onMove={(to) => onMove(lead, to, moveTriggerId(lead.id))}
                />
              </li>
            ))}
          </ColumnFrame>
        ),
      )}
    </div>
  );
}

function ColumnFrame({
  column,
  children,
  setNodeRef,
  highlighted = false,
  phoneHidden,
}: {
  column: BoardColumn;
  children: React.ReactNode;
  setNodeRef?: (element: HTMLElement | null) => void;
  highlighted?: boolean;
  /** Not the column the switcher shows under 768 px. */
  phoneHidden: boolean;
}) {
  const headingId = `column-${column.leadStatus}`;
  const more = column.count - column.cards.length;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column.leadStatus}
      className={`flex min-h-40 flex-col rounded-lg border bg-ivory/60 p-3 dark:bg-ink-raised ${phoneHidden ? "max-md:hidden" : ""} ${
        highlighted ? "border-gold-deep ring-2 ring-gold-deep" : "border-line dark:border-ivory/10"
      }`}
    >
      <h2 id={headingId} className="flex items-baseline justify-between gap-2 font-semibold">
        <span>{column.title}</span>
        <span className="text-sm" data-testid="column-count">
          {column.count}
          <span className="sr-only"> leads</span>
        </span>
      </h2>
      <p className="mb-3 text-sm text-muted dark:text-mist" title={BOARD_TOTAL_DESCRIPTION}>
        <span data-testid="column-total-label">{column.totalLabel}</span>:{" "}
        <span
          className="font-semibold text-ink-soft tabular-nums dark:text-ivory"
          data-testid="column-total"
        >
          {column.total}
        </span>
        <span className="sr-only"> ({BOARD_TOTAL_DESCRIPTION})</span>
      </p>
      <ul className="flex flex-1 flex-col gap-3">{children}</ul>
      {more > 0 && (
        <p className="mt-3 text-xs text-muted dark:text-mist">
          {more.toLocaleString("en-AU")} more. Search or filter to find them.
        </p>
      )}
    </section>
  );
}

function DroppableColumn({
  column,
  onMove,
  phoneHidden,
}: {
  column: BoardColumn;
  onMove: MoveCard;
  phoneHidden: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.leadStatus });
  return (
    <ColumnFrame
      column={column}
      setNodeRef={setNodeRef}
      highlighted={isOver}
      phoneHidden={phoneHidden}
    >
      {column.cards.map((lead) => (
        <li key={lead.id}>
          <DraggableCard lead={lead} column={column.leadStatus} onMove={onMove} />
        </li>
      ))}
    </ColumnFrame>
  );
}

const dragHandleId = (leadId: string) => `drag-${leadId}`;

function DraggableCard({
  lead,
  column,
  onMove,
}: {
  lead: LeadSummary;
  column: LeadStatus;
  onMove: MoveCard;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: lead.id,
  });
  return (
    <div ref={setNodeRef} className={isDragging ? "opacity-40" : undefined}>
      <LeadCard
        lead={lead}
        column={column}
        onMove={(to) => onMove(lead, to, moveTriggerId(lead.id))}
        handle={
          <button
            ref={setActivatorNodeRef}
            id={dragHandleId(lead.id)}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={`Drag ${lead.name}`}
            className="inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md hover:bg-ink/5 dark:hover:bg-ivory/10"
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        }
      />
    </div>
  );
}
